extension Time {
    /// A JSON number for this time: exact decimal when it has one, else rounded to nanoseconds.
    public var jsonNumber: JSONValue {
        let text = description
        if !text.contains("/") { return .number(text) }
        let ns = ticks(in: 1_000_000_000, rounding: .nearest)
        return .number(Time(value: ns, timescale: 1_000_000_000).description)
    }
}
