extension Field {
    /// A `Length`: a JSON number (a fraction of the frame) or a string with a unit (`"50%"`,
    /// `"120px"`, `"10vw"`, `"10vh"`, `"10vmin"`, `"10vmax"`). `positive` refuses zero and
    /// negative sizes, in any unit.
    func length(positive: Bool = false) -> Length? {
        let length: Length
        switch value {
        case .number:
            guard let d = double() else { return nil }
            length = Length(d)
        case .string(let text):
            guard let parsed = Length.parse(text) else {
                report("must be a number (a fraction of the frame) or a length with a unit: \"50%\", \"120px\", \"10vw\", \"10vh\", \"10vmin\" or \"10vmax\"")
                return nil
            }
            length = parsed
        default:
            wrongType("a number or a string with a unit (\"50%\", \"120px\", \"10vw\", \"10vh\", \"10vmin\", \"10vmax\")")
            return nil
        }
        if positive && length.value <= 0 {
            report("must be greater than 0")
            return nil
        }
        return length
    }

    /// `{x, y}` as lengths.
    func framePoint() -> FramePoint? {
        object { p -> FramePoint? in
            let x = p.required("x")?.length(), y = p.required("y")?.length()
            guard let x, let y else { return nil }
            return FramePoint(x: x, y: y)
        }
    }
}
