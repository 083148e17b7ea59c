/// An sRGB colour with alpha, written `#RRGGBB` or `#RRGGBBAA` in the spec.
public struct Color: Sendable, Hashable, CustomStringConvertible {
    public var red: UInt8
    public var green: UInt8
    public var blue: UInt8
    public var alpha: UInt8

    public init(red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8 = 255) {
        self.red = red
        self.green = green
        self.blue = blue
        self.alpha = alpha
    }

    public static let black = Color(red: 0, green: 0, blue: 0)
    public static let white = Color(red: 255, green: 255, blue: 255)

    /// Parses `#RRGGBB` or `#RRGGBBAA` (hex digits in either case); nil otherwise.
    public init?(hex: String) {
        let u = Array(hex.utf8)
        guard u.first == UInt8(ascii: "#"), u.count == 7 || u.count == 9 else { return nil }
        var comps: [UInt8] = []
        var k = 1
        while k < u.count {
            guard let h = Color.nibble(u[k]), let l = Color.nibble(u[k + 1]) else { return nil }
            comps.append(h << 4 | l)
            k += 2
        }
        self.init(red: comps[0], green: comps[1], blue: comps[2], alpha: comps.count == 4 ? comps[3] : 255)
    }

    private static func nibble(_ c: UInt8) -> UInt8? {
        switch c {
        case 48...57: return c - 48
        case 65...70: return c - 55
        case 97...102: return c - 87
        default: return nil
        }
    }

    public var description: String {
        let hex = { (v: UInt8) -> String in
            let s = String(v, radix: 16, uppercase: true)
            return s.count == 1 ? "0" + s : s
        }
        return "#" + hex(red) + hex(green) + hex(blue) + (alpha == 255 ? "" : hex(alpha))
    }
}
