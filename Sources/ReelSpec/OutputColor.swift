/// The colour space of the output (Sources/ReelEngine/README.md (colour)): SDR video as players assume it (BT.709, or
/// BT.601 below 720 lines), HDR in BT.2020 with the HLG or PQ transfer, or whichever the first video
/// item is.
public enum OutputColor: String, Sendable, CaseIterable {
    case sdr, hlg, hdr10, auto

    /// HLG and HDR10 (PQ): BT.2020, 10 bits, an HDR transfer.
    public var isHDR: Bool { self == .hlg || self == .hdr10 }

    /// The formats that carry HDR (HEVC Main 10 in MP4/MOV/M4V, ProRes in MOV); the others stay SDR.
    public static let hdrFormats: [OutputFormat] = [.mp4, .mov, .m4v]
    /// The video codecs that carry HDR.
    public static let hdrCodecs: [VideoCodec] = [.hevc, .prores]
}
