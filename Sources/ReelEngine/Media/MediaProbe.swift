import CFFmpeg
import ReelSpec

/// Reads a media file's container, streams, metadata and chapters (`reel probe`, `POST /v1/probe`).
public enum MediaProbe {
    /// Probes `path`. Throws `FFmpegError` naming the file when it is not readable media.
    public static func probe(path: String) throws -> MediaInfo {
        let input = try InputFile(path: path)
        return info(of: input)
    }

    static func info(of input: InputFile) -> MediaInfo {
        let fmt = input.pointer.pointee
        let formatName = String(cString: fmt.iformat.pointee.name)
        let isPicture = formatName == "image2" || (formatName.hasSuffix("_pipe") && formatName != "gif_pipe")
        // An image sequence plays as a clip, its frames coloured as the pictures they are.
        let isStill = isPicture && !input.isSequence
        var streams: [MediaInfo.StreamInfo] = []
        for i in 0..<input.streamCount {
            if var s = streamInfo(input.stream(i), index: i) {
                if s.type == .video {
                    var color = ColorDescription.of(input.stream(i), still: isPicture)
                    color.readFrameMetadata(path: input.path, streamIndex: i, still: isPicture)
                    s.color = color
                    if let tc = dictionaryValue(input.stream(i).pointee.metadata, "timecode") ?? dictionaryValue(fmt.metadata, "timecode"),
                       let rate = s.averageFrameRate ?? s.frameRate {
                        s.startTimecode = SMPTETimecode.time(tc, rate: RenderPlanner.nominal(rate))
                    }
                }
                streams.append(s)
            }
        }
        var duration: Time? = fmt.duration > 0 && fmt.duration != reel_nopts()
            ? Time(value: fmt.duration, timescale: reel_time_base()) : nil
        if duration == nil { duration = streams.compactMap(\.duration).max() }
        // A sequence's length is its frames at its rate exactly (FFmpeg's container duration is in
        // microseconds, and counts every file of the run, not the sequence's `count`).
        if input.isSequence, let frames = streams.first(where: { $0.type == .video })?.duration { duration = frames }
        var chapters: [MediaInfo.ChapterInfo] = []
        for i in 0..<Int(fmt.nb_chapters) {
            let ch = fmt.chapters[i]!.pointee
            chapters.append(.init(start: Time.fromTicks(ch.start, timeBaseNum: ch.time_base.num, den: ch.time_base.den),
                                  end: Time.fromTicks(ch.end, timeBaseNum: ch.time_base.num, den: ch.time_base.den),
                                  title: dictionaryValue(ch.metadata, "title")))
        }
        return MediaInfo(format: formatName, duration: isStill ? nil : duration,
                         bitRate: fmt.bit_rate > 0 ? fmt.bit_rate : nil,
                         streams: streams, metadata: dictionaryEntries(fmt.metadata),
                         chapters: chapters, isStill: isStill)
    }

    static func streamInfo(_ st: UnsafeMutablePointer<AVStream>, index: Int) -> MediaInfo.StreamInfo? {
        let par = st.pointee.codecpar.pointee
        let type: MediaStreamType
        switch par.codec_type {
        case AVMEDIA_TYPE_VIDEO: type = .video
        case AVMEDIA_TYPE_AUDIO: type = .audio
        case AVMEDIA_TYPE_SUBTITLE: type = .subtitle
        case AVMEDIA_TYPE_DATA: type = .data
        default: type = .other
        }
        let tb = st.pointee.time_base
        var info = MediaInfo.StreamInfo(index: index, type: type, codec: String(cString: avcodec_get_name(par.codec_id)))
        if st.pointee.duration != reel_nopts() && st.pointee.duration > 0 {
            info.duration = Time.fromTicks(st.pointee.duration, timeBaseNum: tb.num, den: tb.den)
        }
        info.language = dictionaryValue(st.pointee.metadata, "language")
        info.isDefault = st.pointee.disposition & AV_DISPOSITION_DEFAULT != 0
        info.isForced = st.pointee.disposition & AV_DISPOSITION_FORCED != 0
        if par.bit_rate > 0 { info.bitRate = par.bit_rate }
        if par.codec_type == AVMEDIA_TYPE_VIDEO {
            // Cover art attached to an audio file is not a video.
            if st.pointee.disposition & AV_DISPOSITION_ATTACHED_PIC != 0 { info.type = .attachment }
            info.width = Int(par.width)
            info.height = Int(par.height)
            let rotation = rotationDegrees(st)
            info.rotation = rotation
            let size = displaySize(width: Int(par.width), height: Int(par.height),
                                   sar: par.sample_aspect_ratio, rotation: rotation)
            info.displayWidth = size.width
            info.displayHeight = size.height
            if par.format >= 0, let name = av_get_pix_fmt_name(AVPixelFormat(rawValue: par.format)) {
                info.pixelFormat = String(cString: name)
            }
            info.frameRate = rational(st.pointee.r_frame_rate)
            info.averageFrameRate = rational(st.pointee.avg_frame_rate)
        } else if par.codec_type == AVMEDIA_TYPE_AUDIO {
            info.sampleRate = Int(par.sample_rate)
            info.channels = Int(par.ch_layout.nb_channels)
            var layout = par.ch_layout
            var buf = [CChar](repeating: 0, count: 128)
            if av_channel_layout_describe(&layout, &buf, buf.count) > 0 { info.channelLayout = String(cBuffer: buf) }
        }
        return info
    }

    /// Clockwise degrees (0/90/180/270) to turn the stored picture upright, from the display matrix.
    static func rotationDegrees(_ st: UnsafeMutablePointer<AVStream>) -> Int {
        var size: Int = 0
        guard let data = av_stream_get_side_data(st, AV_PKT_DATA_DISPLAYMATRIX, &size), size >= 36 else { return 0 }
        let ccw = data.withMemoryRebound(to: Int32.self, capacity: 9) { av_display_rotation_get($0) }
        guard ccw.isFinite else { return 0 }
        let cw = Int((-ccw / 90).rounded()) * 90
        return ((cw % 360) + 360) % 360
    }

    /// The displayed size: stored size with the sample aspect ratio applied, swapped by a quarter turn.
    static func displaySize(width: Int, height: Int, sar: AVRational, rotation: Int) -> (width: Int, height: Int) {
        var w = width
        if sar.num > 0 && sar.den > 0 && sar.num != sar.den {
            w = Int((Int64(width) * Int64(sar.num) + Int64(sar.den) / 2) / Int64(sar.den))
        }
        return rotation % 180 == 90 ? (height, w) : (w, height)
    }

    static func rational(_ r: AVRational) -> Rational? {
        guard r.num > 0, r.den > 0 else { return nil }
        return Rational(Int64(r.num), Int64(r.den))
    }

    static func dictionaryValue(_ dict: OpaquePointer?, _ key: String) -> String? {
        guard let dict, let e = av_dict_get(dict, key, nil, 0) else { return nil }
        return String(cString: e.pointee.value)
    }

    static func dictionaryEntries(_ dict: OpaquePointer?) -> [(key: String, value: String)] {
        var out: [(key: String, value: String)] = []
        var e: UnsafeMutablePointer<AVDictionaryEntry>? = nil
        while let next = av_dict_get(dict, "", e, AV_DICT_IGNORE_SUFFIX) {
            out.append((String(cString: next.pointee.key), String(cString: next.pointee.value)))
            e = next
        }
        return out
    }
}
