/// What an HDR10 output declares about its light (SMPTE ST 2086 mastering display, CTA-861.3
/// content light levels), so a display can map it to what it can show: the first PQ source's own
/// when it carries them, else `reference`.
struct HDRMetadata: Sendable, Equatable {
    /// Red, green, blue, then the white point: CIE 1931 (x, y).
    var primaries: [(x: Double, y: Double)]
    var whitePoint: (x: Double, y: Double)
    /// cd/m².
    var minLuminance: Double
    var maxLuminance: Double
    /// Maximum content and frame-average light levels, cd/m².
    var maxCLL: Int
    var maxFALL: Int

    /// The grading display ITU-R BT.2408 takes as typical of HDR production (Display P3 primaries,
    /// D65, 1000 cd/m² peak, 0.0001 black), with light levels of graphics and video placed there
    /// (MaxCLL the display's peak, MaxFALL 400).
    static let reference = HDRMetadata(primaries: [(0.680, 0.320), (0.265, 0.690), (0.150, 0.060)], whitePoint: (0.3127, 0.3290),
                                       minLuminance: 0.0001, maxLuminance: 1000, maxCLL: 1000, maxFALL: 400)

    /// A source's metadata, with `reference` standing in for the part it lacks.
    init(_ color: ColorDescription) {
        let m = color.masteringDisplay
        primaries = m?.primaries ?? Self.reference.primaries
        whitePoint = m?.whitePoint ?? Self.reference.whitePoint
        minLuminance = m?.minLuminance ?? Self.reference.minLuminance
        maxLuminance = m?.maxLuminance ?? Self.reference.maxLuminance
        maxCLL = color.contentLightLevel?.maxCLL ?? Self.reference.maxCLL
        maxFALL = color.contentLightLevel?.maxFALL ?? Self.reference.maxFALL
    }

    init(primaries: [(x: Double, y: Double)], whitePoint: (x: Double, y: Double), minLuminance: Double, maxLuminance: Double,
         maxCLL: Int, maxFALL: Int) {
        self.primaries = primaries
        self.whitePoint = whitePoint
        self.minLuminance = minLuminance
        self.maxLuminance = maxLuminance
        self.maxCLL = maxCLL
        self.maxFALL = maxFALL
    }

    /// x265's `master-display` and `max-cll` parameters: chromaticities in 0.00002, luminance in
    /// 0.0001 cd/m², primaries in the order green, blue, red.
    var x265Parameters: String {
        func c(_ p: (x: Double, y: Double)) -> String { "(\(Int((p.x / 0.00002).rounded())),\(Int((p.y / 0.00002).rounded())))" }
        let display = "G\(c(primaries[1]))B\(c(primaries[2]))R\(c(primaries[0]))WP\(c(whitePoint))"
            + "L(\(Int((maxLuminance * 10_000).rounded())),\(Int((minLuminance * 10_000).rounded())))"
        return "hdr10=1:hdr10-opt=1:master-display=\(display):max-cll=\(maxCLL),\(maxFALL)"
    }

    static func == (a: HDRMetadata, b: HDRMetadata) -> Bool {
        a.primaries.map(\.x) == b.primaries.map(\.x) && a.primaries.map(\.y) == b.primaries.map(\.y) && a.whitePoint == b.whitePoint
            && a.minLuminance == b.minLuminance && a.maxLuminance == b.maxLuminance && a.maxCLL == b.maxCLL && a.maxFALL == b.maxFALL
    }
}
