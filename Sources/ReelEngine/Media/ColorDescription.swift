import CFFmpeg
import ReelSpec

/// A video stream's (or still image's) colour: what its numbers mean, in FFmpeg's names (`bt709`,
/// `bt2020`, `smpte2084`, `arib-std-b67`, …), what a stream leaves out resolved by `PictureColor`.
public struct ColorDescription: Sendable, Equatable {
    public var matrix: String
    public var primaries: String
    public var transfer: String
    /// `limited` or `full`.
    public var range: String
    public var chromaLocation: String?
    /// Bits per component of the stored samples.
    public var bitDepth: Int
    /// Whether the stream said any of matrix, primaries or transfer itself.
    public var tagged: Bool
    /// `pq` (SMPTE ST 2084) or `hlg` (ARIB STD-B67), or nil for SDR.
    public var hdr: String? {
        switch transfer {
        case "smpte2084": return "pq"
        case "arib-std-b67": return "hlg"
        default: return nil
        }
    }
    /// The mastering display's primaries, white point (CIE 1931 xy) and luminance (cd/m²), when the
    /// container (MP4/MOV `mdcv`, Matroska) or the first frame (HEVC SEI) carries them.
    public var masteringDisplay: MasteringDisplay?
    /// Maximum content and frame-average light levels (cd/m²), from the container or the first frame.
    public var contentLightLevel: (maxCLL: Int, maxFALL: Int)?

    public struct MasteringDisplay: Sendable, Equatable {
        /// Red, green, blue, then the white point: (x, y) each.
        public var primaries: [(x: Double, y: Double)]
        public var whitePoint: (x: Double, y: Double)
        public var minLuminance: Double
        public var maxLuminance: Double

        /// FFmpeg's mastering-display metadata (from a container or a frame's SEI), when it gives
        /// both the primaries and the luminance.
        init?(_ m: AVMasteringDisplayMetadata) {
            guard m.has_primaries != 0 && m.has_luminance != 0 else { return nil }
            func q(_ r: AVRational) -> Double { r.den == 0 ? 0 : Double(r.num) / Double(r.den) }
            primaries = [m.display_primaries.0, m.display_primaries.1, m.display_primaries.2].map { (x: q($0.0), y: q($0.1)) }
            whitePoint = (q(m.white_point.0), q(m.white_point.1))
            minLuminance = q(m.min_luminance)
            maxLuminance = q(m.max_luminance)
        }

        public static func == (a: MasteringDisplay, b: MasteringDisplay) -> Bool {
            a.primaries.map(\.x) == b.primaries.map(\.x) && a.primaries.map(\.y) == b.primaries.map(\.y)
                && a.whitePoint == b.whitePoint && a.minLuminance == b.minLuminance && a.maxLuminance == b.maxLuminance
        }
    }

    public static func == (a: ColorDescription, b: ColorDescription) -> Bool {
        a.matrix == b.matrix && a.primaries == b.primaries && a.transfer == b.transfer && a.range == b.range
            && a.chromaLocation == b.chromaLocation && a.bitDepth == b.bitDepth && a.tagged == b.tagged
            && a.masteringDisplay == b.masteringDisplay && a.contentLightLevel?.maxCLL == b.contentLightLevel?.maxCLL
            && a.contentLightLevel?.maxFALL == b.contentLightLevel?.maxFALL
    }

    /// The description of stream `st`, `still` when it is a single picture (JPEG, PNG, …).
    static func of(_ st: UnsafeMutablePointer<AVStream>, still: Bool) -> ColorDescription {
        let par = st.pointee.codecpar.pointee
        func name(_ p: UnsafePointer<CChar>?) -> String { p.map { String(cString: $0) } ?? "unknown" }
        let format = AVPixelFormat(rawValue: par.format)
        let resolved = PictureColor.resolve(matrix: par.color_space, primaries: par.color_primaries, transfer: par.color_trc,
                                            range: par.color_range, chromaLocation: par.chroma_location, format: format,
                                            height: Int(par.height), still: still)
        let descriptor = par.format >= 0 ? av_pix_fmt_desc_get(format) : nil
        var c = ColorDescription(
            matrix: name(av_color_space_name(resolved.matrix)), primaries: name(av_color_primaries_name(resolved.primaries)),
            transfer: name(av_color_transfer_name(resolved.transfer)), range: resolved.fullRange ? "full" : "limited",
            chromaLocation: par.chroma_location == AVCHROMA_LOC_UNSPECIFIED ? nil : name(av_chroma_location_name(par.chroma_location)),
            bitDepth: descriptor.map { Int($0.pointee.comp.0.depth) } ?? 8,
            tagged: par.color_space != AVCOL_SPC_UNSPECIFIED || par.color_primaries != AVCOL_PRI_UNSPECIFIED
                || par.color_trc != AVCOL_TRC_UNSPECIFIED)
        var size = 0
        if let data = av_stream_get_side_data(st, AV_PKT_DATA_MASTERING_DISPLAY_METADATA, &size),
           size >= MemoryLayout<AVMasteringDisplayMetadata>.size {
            c.masteringDisplay = MasteringDisplay(UnsafeRawPointer(data).load(as: AVMasteringDisplayMetadata.self))
        }
        if let data = av_stream_get_side_data(st, AV_PKT_DATA_CONTENT_LIGHT_LEVEL, &size), size >= MemoryLayout<AVContentLightMetadata>.size {
            let l = UnsafeRawPointer(data).load(as: AVContentLightMetadata.self)
            c.contentLightLevel = (Int(l.MaxCLL), Int(l.MaxFALL))
        }
        return c
    }

    /// Fills in what the container left out from the first frame's side data, decoding that frame:
    /// the HDR metadata of HEVC's and AV1's SEI / metadata OBUs (where phones and x265 put it), and a
    /// still's primaries and transfer from its ICC profile (Display P3 photos say so nowhere else).
    /// Leaves the description as it is when the frame cannot be decoded.
    mutating func readFrameMetadata(path: String, streamIndex: Int, still: Bool = false) {
        guard still || (hdr != nil && (masteringDisplay == nil || contentLightLevel == nil)),
              let stream = try? DecodedStream(path: path, type: AVMEDIA_TYPE_VIDEO, threads: 1, streamIndex: streamIndex) else { return }
        let frame = Frame()
        guard (try? stream.next(into: frame)) == true else { return }
        if still, PictureColor.iccProfile(of: frame) != nil {
            let resolved = PictureColor.of(frame, still: true)
            func name(_ p: UnsafePointer<CChar>?) -> String { p.map { String(cString: $0) } ?? "unknown" }
            primaries = name(av_color_primaries_name(resolved.primaries))
            transfer = name(av_color_transfer_name(resolved.transfer))
        }
        if masteringDisplay == nil, let side = av_frame_get_side_data(frame.pointer, AV_FRAME_DATA_MASTERING_DISPLAY_METADATA),
           Int(side.pointee.size) >= MemoryLayout<AVMasteringDisplayMetadata>.size {
            masteringDisplay = MasteringDisplay(UnsafeRawPointer(side.pointee.data).load(as: AVMasteringDisplayMetadata.self))
        }
        if contentLightLevel == nil, let side = av_frame_get_side_data(frame.pointer, AV_FRAME_DATA_CONTENT_LIGHT_LEVEL),
           Int(side.pointee.size) >= MemoryLayout<AVContentLightMetadata>.size {
            let l = UnsafeRawPointer(side.pointee.data).load(as: AVContentLightMetadata.self)
            contentLightLevel = (Int(l.MaxCLL), Int(l.MaxFALL))
        }
    }

    var json: JSONValue {
        var m: [(key: String, value: JSONValue)] = [
            ("matrix", .string(matrix)), ("primaries", .string(primaries)), ("transfer", .string(transfer)), ("range", .string(range)),
            ("chromaLocation", chromaLocation.map { .string($0) } ?? .null), ("bitDepth", .number(String(bitDepth))),
            ("tagged", .bool(tagged)), ("hdr", hdr.map { .string($0) } ?? .null),
        ]
        if let d = masteringDisplay {
            func xy(_ p: (x: Double, y: Double)) -> JSONValue { .array([.number(String(p.x)), .number(String(p.y))]) }
            m.append(("masteringDisplay", .object([("primaries", .array(d.primaries.map(xy))), ("whitePoint", xy(d.whitePoint)),
                                                   ("minLuminance", .number(String(d.minLuminance))),
                                                   ("maxLuminance", .number(String(d.maxLuminance)))])))
        }
        if let l = contentLightLevel {
            m.append(("contentLightLevel", .object([("maxCLL", .number(String(l.maxCLL))), ("maxFALL", .number(String(l.maxFALL)))])))
        }
        return .object(m)
    }
}
