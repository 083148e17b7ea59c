import Foundation
import Synchronization

/// Request ids, so a response (`X-Request-Id`) can be matched with its log line.
public enum RequestID {
    private static let state: Atomic<UInt64> = {
        var system = SystemRandomNumberGenerator()
        return Atomic(system.next())
    }()

    /// 16 lowercase hex digits: SplitMix64 seeded once from the system generator (an id need only
    /// be unique, not secret, and a system call per request is measurable on the status path).
    public static func make() -> String {
        var z = state.wrappingAdd(0x9E37_79B9_7F4A_7C15, ordering: .relaxed).newValue
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        z ^= z >> 31
        return String(unsafeUninitializedCapacity: 16) { buffer in
            for i in 0..<16 {
                let digit = UInt8(truncatingIfNeeded: (z >> (4 * UInt64(i))) & 0xF)
                buffer[15 - i] = digit < 10 ? 0x30 + digit : 0x57 + digit  // 0-9, a-f
            }
            return 16
        }
    }

    /// An id a client sent (`X-Request-Id`) that Reel keeps: 1–128 characters of letters, digits,
    /// `-`, `_`, `.` (safe in a header, a log line and a problem's `instance`, a URI reference).
    public static func accepting(_ value: String?) -> String? {
        guard let value, !value.isEmpty, value.utf8.count <= 128 else { return nil }
        let ok = value.utf8.allSatisfy {
            (0x30...0x39).contains($0) || (0x41...0x5A).contains($0) || (0x61...0x7A).contains($0)
                || $0 == UInt8(ascii: "-") || $0 == UInt8(ascii: "_") || $0 == UInt8(ascii: ".")
        }
        return ok ? value : nil
    }
}
