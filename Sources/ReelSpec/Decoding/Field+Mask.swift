extension Field {
    /// `{shape | src, mode, invert, feather}`: a shape object (`{"shape": "ellipse", "frame": …}`)
    /// or a media `src`, exactly one.
    func mask() -> MaskSpec? {
        object { r -> MaskSpec? in
            if r.has("shape") && r.has("src") { r.reject("src", "cannot be given together with shape") }
            var source: MaskSpec.Source?
            if let shape = r.field("shape") {
                source = shape.object { ShapeReader.read($0) }.map { .shape($0) }
            } else if let src = r.field("src") {
                source = src.string().map { .media($0) }
            } else {
                r.reportHere("needs a shape or a src")
            }
            let modeField = r.field("mode")
            let mode = modeField?.enumCase(MaskSpec.Mode.self)
            let invert = r.field("invert").map { $0.bool() } ?? false
            let feather = r.field("feather").map { $0.double(.between(0, 1000)) } ?? 0
            guard let source, modeField == nil || mode != nil, let invert, let feather else { return nil }
            if case .shape = source, mode == .luma {
                r.report("mode", "must be alpha for a shape (a shape's mask is its coverage)")
                return nil
            }
            var mask = MaskSpec(source: source)
            mask.mode = mode
            mask.invert = invert
            mask.feather = feather
            return mask
        }
    }
}
