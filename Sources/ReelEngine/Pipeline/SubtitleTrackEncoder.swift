import CFFmpeg
import ReelSpec

/// Encodes one subtitle track's cues into packets for its muxer stream: 3GPP timed text
/// (`mov_text`) in MP4/MOV/M4V, WebVTT in WebM. Times are milliseconds on the output timeline.
///
/// FFmpeg's text subtitle encoders take each cue as an ASS dialogue line, so the encoder gets a
/// minimal ASS script header (one default style) and each cue's text with its line breaks as `\N`.
final class SubtitleTrackEncoder {
    let encoder: Encoder
    /// WebVTT text is markup: its `&`, `<` and `>` must become entities; 3GPP timed text is plain.
    private let isWebVTT: Bool

    static let assHeader = """
    [Script Info]
    ScriptType: v4.00+
    PlayResX: 384
    PlayResY: 288

    [V4+ Styles]
    Format: Name, Fontname, Fontsize, PrimaryColour, SecondaryColour, OutlineColour, BackColour, Bold, Italic, Underline, StrikeOut, ScaleX, ScaleY, Spacing, Angle, BorderStyle, Outline, Shadow, Alignment, MarginL, MarginR, MarginV, Encoding
    Style: Default,Arial,16,&Hffffff,&Hffffff,&H0,&H0,0,0,0,0,100,100,0,0,1,1,0,2,10,10,10,0

    [Events]
    Format: Layer, Start, End, Style, Name, MarginL, MarginR, MarginV, Effect, Text

    """

    init(format: OutputFormat, globalHeader: Bool) throws {
        isWebVTT = format == .webm
        encoder = try Encoder(name: isWebVTT ? "webvtt" : "mov_text")
        let c = encoder.context
        c.pointee.time_base = AVRational(num: 1, den: 1000)
        let header = Array(SubtitleTrackEncoder.assHeader.utf8)
        // The context frees its subtitle header with av_free, so it must come from av_malloc.
        guard let raw = av_mallocz(header.count + 1) else { throw FFmpegError(reel_averror(ENOMEM), "av_mallocz", "subtitle header") }
        raw.copyMemory(from: header, byteCount: header.count)
        c.pointee.subtitle_header = raw.assumingMemoryBound(to: UInt8.self)
        c.pointee.subtitle_header_size = Int32(header.count)
        if globalHeader { c.pointee.flags |= Int32(AV_CODEC_FLAG_GLOBAL_HEADER) }
        try encoder.open(options: [])
    }

    /// One packet a cue, in order, each with its start as pts and its length as duration.
    func packets(for cues: [Cue]) throws -> [Packet] {
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        return try cues.map { cue in
            let start = cue.start.ticks(in: 1000, rounding: .nearest)
            let length = max(1, cue.end.ticks(in: 1000, rounding: .nearest) - start)
            let dialogue = "0,0,Default,,0,0,0,," + assText(cue.text)
            if buffer.count < dialogue.utf8.count * 4 + 1024 { buffer = [UInt8](repeating: 0, count: dialogue.utf8.count * 4 + 1024) }
            let size = try encode(dialogue, duration: length, into: &buffer)
            let packet = Packet()
            try FFmpegError.check(av_new_packet(packet.pointer, Int32(size)), "av_new_packet", "subtitle packet")
            buffer.withUnsafeBytes { packet.pointer.pointee.data.update(from: $0.baseAddress!.assumingMemoryBound(to: UInt8.self), count: size) }
            packet.pointer.pointee.pts = start
            packet.pointer.pointee.dts = start
            packet.pointer.pointee.duration = length
            return packet
        }
    }

    /// A cue's text as an ASS dialogue's text, read back by FFmpeg's encoders as the same text: line
    /// breaks as `\N`; a backslash followed by a WORD JOINER (U+2060, invisible), so `C:\new` is not
    /// read as a line break; braces as fullwidth braces (U+FF5B/U+FF5D), since FFmpeg's ASS reader
    /// drops `{…}` as an override block and has no escape for it; and for WebVTT the characters its
    /// markup reserves as entities.
    private func assText(_ text: String) -> String {
        var out = ""
        for c in text {
            switch c {
            case "\\": out += "\\\u{2060}"
            case "{": out += "\u{FF5B}"
            case "}": out += "\u{FF5D}"
            case "\n": out += "\\N"
            case "&" where isWebVTT: out += "&amp;"
            case "<" where isWebVTT: out += "&lt;"
            case ">" where isWebVTT: out += "&gt;"
            default: out.append(c)
            }
        }
        return out
    }

    /// Encodes one ASS dialogue line shown for `duration` ms; returns the bytes written.
    private func encode(_ dialogue: String, duration: Int64, into buffer: inout [UInt8]) throws -> Int {
        var subtitle = AVSubtitle()
        defer { avsubtitle_free(&subtitle) }
        // Each allocation is handed to `subtitle` at once, so avsubtitle_free releases whatever was made.
        guard let rects = av_mallocz(MemoryLayout<UnsafeMutablePointer<AVSubtitleRect>?>.stride) else {
            throw FFmpegError(reel_averror(ENOMEM), "av_mallocz", "subtitle")
        }
        let rectList = rects.bindMemory(to: UnsafeMutablePointer<AVSubtitleRect>?.self, capacity: 1)
        rectList[0] = nil
        subtitle.rects = rectList
        guard let rect = av_mallocz(MemoryLayout<AVSubtitleRect>.stride) else {
            throw FFmpegError(reel_averror(ENOMEM), "av_mallocz", "subtitle")
        }
        let r = rect.bindMemory(to: AVSubtitleRect.self, capacity: 1)
        rectList[0] = r
        subtitle.num_rects = 1
        r.pointee.type = SUBTITLE_ASS
        guard let ass = av_strdup(dialogue) else { throw FFmpegError(reel_averror(ENOMEM), "av_strdup", "subtitle") }
        r.pointee.ass = ass
        subtitle.format = 1
        subtitle.end_display_time = UInt32(clamping: duration)
        let size = buffer.withUnsafeMutableBufferPointer { b in
            avcodec_encode_subtitle(encoder.context, b.baseAddress!, Int32(b.count), &subtitle)
        }
        return Int(try FFmpegError.check(size, "avcodec_encode_subtitle", "encoding a subtitle"))
    }
}
