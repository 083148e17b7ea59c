import CFFmpeg
import ReelSpec

/// Decides, for a passthrough render, which output frames are copied from their sources and which
/// are encoded (docs/SPEC.md).
///
/// A frame can be copied when it is a plain clip's frame shown as it is: no transition, overlay,
/// filter or keyframed layer at its time, speed 1, and a source that is H.264 in the output's
/// size, 8-bit 4:2:0 limited range, square pixels, upright, progressive, in the output's colour
/// matrix, with parameter sets that can sit beside the others in one `avcC`. Over each stretch of
/// such frames the source's packets are indexed (demuxed, not decoded) and cut into `CopyRun`s:
/// a run starts at an IDR frame (nothing after it refers to anything before it) and ends after any
/// prefix, in decode order, whose frames are exactly the next output frames, so a GOP cut before
/// its end keeps the frames that do not wait for a later one. The rest is encoded.
struct SplicePlanner {
    let plan: RenderPlan

    /// The frames a player would show of a source, like `ClipProducer`: the last frame at or before
    /// the requested time, within this tolerance.
    static let tolerance = ClipProducer.tolerance

    func make() throws -> SplicePlan {
        let frames = plan.frameCount
        guard plan.videoEncoding.codec == .h264 else { return .encodeAll(frames) }
        var sets: AVCParameterSets?
        // Segments whose sources were looked at: admitted with their parameter sets, or refused.
        var admitted: [Int: AVCParameterSets] = [:]
        var refused = Set<Int>()
        var runs: [CopyRun] = []
        var sourceReorder = 0
        var color: ColorTags?
        for stretch in stretches() {
            let segment = plan.video[stretch.segment]
            guard case let .clip(path, sourceStart, _) = segment.source else { continue }
            let reader = try RenderError.forSource(pointer: segment.pointer, path: path) { try PacketReader(path: path) }
            if admitted[stretch.segment] == nil && !refused.contains(stretch.segment) {
                var merged = sets
                let own = eligible(segment, reader)
                let fits: Bool
                if let own {
                    if merged == nil { merged = own; fits = true } else { fits = merged!.merge(own) }
                } else {
                    fits = false
                }
                if let own, fits, let merged {
                    admitted[stretch.segment] = own
                    sets = merged
                    sourceReorder = max(sourceReorder, Int(reader.parameters.video_delay))
                    if color == nil {
                        let p = reader.parameters
                        color = ColorTags(primaries: Int32(p.color_primaries.rawValue), transfer: Int32(p.color_trc.rawValue),
                                          matrix: Int32(p.color_space.rawValue))
                    }
                } else {
                    refused.insert(stretch.segment)
                }
            }
            guard let own = admitted[stretch.segment] else { continue }
            runs += try RenderError.forSource(pointer: segment.pointer, path: path) {
                try copyRuns(stretch, segment: segment, sourceStart: sourceStart, path: path, reader: reader, lengthSize: own.lengthSize)
            }
        }
        guard let sets, sets.freeID != nil, !runs.isEmpty else { return .encodeAll(frames) }
        var pieces: [SplicePlan.Piece] = []
        var next: Int64 = 0
        for run in runs.sorted(by: { $0.outputStart < $1.outputStart }) {
            if next < run.outputStart { pieces.append(.encode(next..<run.outputStart)) }
            pieces.append(.copy(run))
            next = run.outputStart + Int64(run.count)
        }
        if next < frames { pieces.append(.encode(next..<frames)) }
        return SplicePlan(pieces: pieces, parameterSets: sets, copyDelay: runs.map(\.delay).max() ?? 0,
                          sourceReorder: sourceReorder, color: color)
    }

    /// A stretch of consecutive output frames that all show segment `segment`'s clip unchanged.
    struct Stretch {
        var segment: Int
        var frames: Range<Int64>
    }

    /// The output frames that show a plain clip as it is, grouped by segment.
    func stretches() -> [Stretch] {
        var out: [Stretch] = []
        var current = 0
        for i in 0..<plan.frameCount {
            let t = plan.outputRange.start + plan.frameTime(i)
            // The segment `VideoTrack` shows at t.
            while current < plan.video.count - 1 && !(t < plan.video[current].range.end) { current += 1 }
            guard current < plan.video.count else { break }
            let segment = plan.video[current]
            guard segment.range.contains(t), segment.layer.isPlain, segment.speed == Rational(1),
                  case .clip(_, _, 0) = segment.source,
                  !plan.transitions.contains(where: { $0.index == current && $0.range.contains(t) }),
                  !plan.overlays.contains(where: { $0.range.contains(t) }) else { continue }
            if let last = out.last, last.segment == current, last.frames.upperBound == i {
                out[out.count - 1].frames = last.frames.lowerBound..<(i + 1)
            } else {
                out.append(Stretch(segment: current, frames: i..<(i + 1)))
            }
        }
        return out
    }

    /// The source's parameter sets when its packets can be copied into the output as they are.
    /// Only MP4/QuickTime sources: their sample table puts every packet at an exact time, so a run
    /// indexed once is found again by a seek. A seek in MPEG-TS is a byte-position estimate that
    /// can land past the run's IDR frame.
    func eligible(_ segment: VideoSegment, _ reader: PacketReader) -> AVCParameterSets? {
        guard reader.input.formatName.hasPrefix("mov,mp4") else { return nil }
        let p = reader.parameters
        let sar = p.sample_aspect_ratio
        let matrix: CanvasColor
        switch p.color_space {
        case AVCOL_SPC_BT709: matrix = .bt709
        case AVCOL_SPC_BT470BG, AVCOL_SPC_SMPTE170M: matrix = .bt601
        case AVCOL_SPC_UNSPECIFIED: matrix = CanvasColor.forOutput(height: Int(p.height))
        default: return nil
        }
        guard p.codec_id == AV_CODEC_ID_H264, Int(p.width) == plan.width, Int(p.height) == plan.height,
              segment.pixelFormat == "yuv420p", p.color_range != AVCOL_RANGE_JPEG,
              sar.num == 0 || sar.num == sar.den,
              p.field_order == AV_FIELD_PROGRESSIVE || p.field_order == AV_FIELD_UNKNOWN,
              matrix == plan.canvasColor else { return nil }
        // Primaries or a transfer an SDR output cannot show as they are (BT.2020, HLG, PQ) are
        // converted, which only an encoded frame can be.
        let color = PictureColor.resolve(matrix: p.color_space, primaries: p.color_primaries, transfer: p.color_trc, range: p.color_range,
                                         chromaLocation: p.chroma_location, format: AVPixelFormat(rawValue: p.format),
                                         height: Int(p.height), still: false)
        guard !color.needsConversion(into: plan.canvasColor) else { return nil }
        return AVCParameterSets(extradata: reader.extradata)
    }
}
