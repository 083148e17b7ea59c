extension Rational {
    /// A JSON number for this ratio, exact when decimal, else rounded to six places.
    public var jsonNumber: JSONValue {
        let t = Time.exact(Int128(numerator), Int128(denominator)) ?? .zero
        let text = t.description
        if !text.contains("/") { return .number(text) }
        return .number(Time(value: t.ticks(in: 1_000_000, rounding: .nearest), timescale: 1_000_000).description)
    }
}
