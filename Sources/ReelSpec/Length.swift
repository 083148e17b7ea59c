/// A length or coordinate on the frame (docs/API.md (compositing)): a bare number is a fraction of
/// the frame (of its width along x, its height along y), as before units existed; a string gives a
/// unit: `"50%"` (of the width or height, by axis), `"120px"` (output pixels), `"10vw"`/`"10vh"`
/// (hundredths of the width/height, whatever the axis), `"10vmin"`/`"10vmax"` (of the smaller or
/// larger side). Resolved only where the canvas is known, so inside a group units refer to the
/// group's canvas.
public struct Length: Sendable, Equatable, CustomStringConvertible {
    public enum Unit: String, Sendable, CaseIterable {
        case fraction = ""
        case percent = "%"
        case px, vw, vh, vmin, vmax
    }

    public enum Axis: Sendable { case horizontal, vertical }

    public var value: Double
    public var unit: Unit

    public init(_ value: Double, _ unit: Unit = .fraction) {
        self.value = value
        self.unit = unit
    }

    /// A fraction of the frame.
    public static func fraction(_ value: Double) -> Length { Length(value) }

    /// As a fraction of a `width`×`height` canvas along `axis`.
    public func fraction(along axis: Axis, width: Double, height: Double) -> Double {
        let side = axis == .horizontal ? width : height
        guard side > 0 else { return 0 }
        switch unit {
        case .fraction: return value
        case .percent: return value / 100
        case .px: return value / side
        case .vw: return value / 100 * width / side
        case .vh: return value / 100 * height / side
        case .vmin: return value / 100 * min(width, height) / side
        case .vmax: return value / 100 * max(width, height) / side
        }
    }

    /// In pixels of a `width`×`height` canvas along `axis`.
    public func pixels(along axis: Axis, width: Double, height: Double) -> Double {
        fraction(along: axis, width: width, height: height) * (axis == .horizontal ? width : height)
    }

    /// The spec's own spelling: the number, or the number and its unit.
    public var description: String {
        let number = value == value.rounded() && abs(value) < 1e15 ? String(Int64(value)) : String(value)
        return unit == .fraction ? number : number + unit.rawValue
    }

    /// Parses `"12.5%"`, `"-40px"`, `"10vmin"`: a decimal number (sign allowed) and one unit; nil
    /// for anything else (a bare number in a string is not a length: JSON numbers are).
    public static func parse(_ text: String) -> Length? {
        for unit in Unit.allCases.reversed() where unit != .fraction && text.hasSuffix(unit.rawValue) {
            let number = text.dropLast(unit.rawValue.count)
            guard isDecimal(number), let v = Double(number), v.isFinite else { return nil }
            return Length(v, unit)
        }
        return nil
    }

    /// An optional sign, digits, and at most one point with digits around it ("1", "-0.5", ".5").
    private static func isDecimal(_ s: Substring) -> Bool {
        var body = s
        if body.first == "-" || body.first == "+" { body = body.dropFirst() }
        let parts = body.split(separator: ".", omittingEmptySubsequences: false)
        guard !body.isEmpty, parts.count <= 2, parts.contains(where: { !$0.isEmpty }) else { return false }
        return parts.allSatisfy { $0.allSatisfy(\.isASCII) && $0.allSatisfy(\.isNumber) }
    }
}

/// A point on the frame: an overlay's `position` (its centre) or a shape's point.
public struct FramePoint: Sendable, Equatable {
    public var x: Length
    public var y: Length

    public init(x: Length, y: Length) {
        self.x = x
        self.y = y
    }
}

/// A centre-anchored rectangle on the frame (an overlay's `frame`); without a height the source's
/// aspect is kept.
public struct FrameRect: Sendable, Equatable {
    public var x: Length
    public var y: Length
    public var width: Length
    public var height: Length?

    public init(x: Length, y: Length, width: Length, height: Length? = nil) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }
}
