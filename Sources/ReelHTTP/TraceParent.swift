/// W3C Trace Context's `traceparent` (`00-<32 hex trace id>-<16 hex parent id>-<2 hex flags>`): a
/// request that carries a valid one gets it back on its response and its trace id in its log line,
/// so Reel's lines join the caller's trace.
public enum TraceParent {
    /// The header value when it is well formed (version `00`, lowercase hex, ids not all zeros).
    public static func accepting(_ value: String?) -> String? {
        guard let value else { return nil }
        let b = Array(value.utf8)
        guard b.count == 55, b[2] == UInt8(ascii: "-"), b[35] == UInt8(ascii: "-"), b[52] == UInt8(ascii: "-"),
              b[0] == UInt8(ascii: "0"), b[1] == UInt8(ascii: "0") else { return nil }
        let hex: (UInt8) -> Bool = { (0x30...0x39).contains($0) || (0x61...0x66).contains($0) }
        let trace = b[3..<35], parent = b[36..<52], flags = b[53..<55]
        guard trace.allSatisfy(hex), parent.allSatisfy(hex), flags.allSatisfy(hex),
              trace.contains(where: { $0 != 0x30 }), parent.contains(where: { $0 != 0x30 }) else { return nil }
        return value
    }

    /// The 32-hex-digit trace id of a valid `traceparent`.
    static func traceID(_ traceparent: String) -> String {
        String(traceparent.dropFirst(3).prefix(32))
    }
}
