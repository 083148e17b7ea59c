import CFFmpeg

/// The integer type of one picture sample, and how many of its bits carry the value: `UInt8` for the
/// 8-bit canvas of SDR delivery outputs, `UInt16` holding 10-bit values (FFmpeg's `yuv420p10le`) for
/// outputs of 10 bits or more, so a ProRes or Main 10 gradient never passes through 8 bits.
///
/// The compositing loops are generic over it and do their arithmetic in `Int32`: every product they
/// form (a 10-bit sample × a 16.16 weight, or × two 8-bit bilinear fractions) stays below 2³¹.
protocol PlaneSample: FixedWidthInteger & UnsignedInteger & Sendable {
    /// Significant bits of a sample: 8 or 10.
    static var bits: Int32 { get }
}

extension UInt8: PlaneSample {
    @inline(__always) static var bits: Int32 { 8 }
}

extension UInt16: PlaneSample {
    @inline(__always) static var bits: Int32 { 10 }
}

extension PlaneSample {
    /// The largest sample value (255, 1023): opaque alpha, and the clamp of every blend.
    @inline(__always) static var maximum: Int32 { (1 &<< bits) &- 1 }
    /// Neutral chroma (128, 512), about which chroma is premultiplied.
    @inline(__always) static var neutral: Int32 { 1 &<< (bits &- 1) }
    /// How far an 8-bit level is shifted up to this depth (0, 2): limited-range video levels scale by
    /// a shift (16 → 64, 235 → 940, 128 → 512), as BT.709 and BT.2020 define them.
    @inline(__always) static var shift: Int32 { bits &- 8 }

    /// `value` as a sample, clamped to 0…`maximum`.
    @inline(__always)
    static func clamped(_ value: Int32) -> Self { Self(truncatingIfNeeded: Swift.min(Swift.max(value, 0), maximum)) }

    /// An 8-bit video level at this depth.
    @inline(__always)
    static func level(_ eightBit: UInt8) -> Self { Self(truncatingIfNeeded: Int32(eightBit) &<< shift) }

    /// The sample as `Int32`.
    @inline(__always) var int32: Int32 { Int32(truncatingIfNeeded: self) }
}
