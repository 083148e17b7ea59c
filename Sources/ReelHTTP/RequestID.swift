/// Random request ids, so a response (`X-Request-Id`) can be matched with its log line.
public enum RequestID {
    /// 16 lowercase hex digits (64 random bits from the system generator).
    public static func make() -> String {
        var generator = SystemRandomNumberGenerator()
        let value: UInt64 = generator.next()
        let hex = String(value, radix: 16)
        return String(repeating: "0", count: 16 - hex.count) + hex
    }
}
