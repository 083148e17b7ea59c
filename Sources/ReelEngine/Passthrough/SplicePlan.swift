import ReelSpec

/// How a passthrough output is put together: the output's frames in order, each either copied as
/// part of a `CopyRun` of source packets or encoded from the picture pipeline.
struct SplicePlan {
    enum Piece {
        case copy(CopyRun)
        /// Output frames encoded by the splice encoder, starting with an IDR frame.
        case encode(Range<Int64>)

        var frames: Range<Int64> {
            switch self {
            case .copy(let run): return run.outputStart..<(run.outputStart + Int64(run.count))
            case .encode(let r): return r
            }
        }
    }

    var pieces: [Piece]
    /// Every copied source's SPS and PPS (the first video item's first); the splice encoder's are
    /// added once it is opened.
    var parameterSets: AVCParameterSets?
    /// The largest reorder delay of the copied runs, in frames (see `CopyRun.delay`).
    var copyDelay: Int
    /// The frames shown before the first frame of the copied sources (`AVCodecParameters.video_delay`),
    /// which the splice encoder must not exceed.
    var sourceReorder: Int
    /// The first copied source's colour description, for the splice encoder's VUI.
    var color: ColorTags?

    var copiedFrames: Int64 { pieces.reduce(0) { if case .copy(let r) = $1 { return $0 + Int64(r.count) } else { return $0 } } }
    var encodedFrames: Int64 { pieces.reduce(0) { if case .encode(let r) = $1 { return $0 + Int64(r.count) } else { return $0 } } }
    /// The frame ranges the picture pipeline must produce.
    var encodedRanges: [Range<Int64>] { pieces.compactMap { if case .encode(let r) = $0 { return r } else { return nil } } }

    /// Everything encoded: nothing could be copied.
    static func encodeAll(_ frames: Int64) -> SplicePlan {
        SplicePlan(pieces: frames > 0 ? [.encode(0..<frames)] : [], parameterSets: nil, copyDelay: 0, sourceReorder: 2, color: nil)
    }
}

/// A source's colour description (the SPS's VUI), copied onto the splice encoder's.
struct ColorTags {
    var primaries: Int32
    var transfer: Int32
    var matrix: Int32
}

/// Packets of one source copied unchanged: `count` packets in decode order from the IDR frame at
/// `firstPTS`, showing output frames `outputStart ..< outputStart + count`.
struct CopyRun {
    /// The segment's JSON pointer and path, for errors.
    var pointer: String
    var path: String
    /// Where to seek (the IDR frame's source time) and the IDR packet's timestamp.
    var seekTime: Time
    var firstPTS: Int64
    var count: Int
    var outputStart: Int64
    /// The run's packet timestamps in presentation order: the packet with `ptsOrder[k]` shows output
    /// frame `outputStart + k`.
    var ptsOrder: [Int64]
    /// The source's NAL length size (0: Annex B), so packets can be rewritten with 4-byte lengths.
    var lengthSize: Int
    /// How many places a packet moves between decode and presentation order at most
    /// (max(decode index − presentation index)): B-frames make it 1 or 2.
    var delay: Int
}
