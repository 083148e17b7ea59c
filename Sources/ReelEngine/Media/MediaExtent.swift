import CFFmpeg
import ReelSpec

/// Whether a file really holds data up to a time, read from its packets rather than its header.
///
/// Why: a clip plays for the duration its container claims, holding its last picture where the
/// video ends before the other streams do (as AVFoundation shows an asset's last frame). A damaged
/// or hostile header can claim hours that no stream holds: without this check a 1 s WebM whose
/// header says 32 768 s renders nine hours of one held frame. `ClipProducer` asks only once a hold
/// grows long, so ordinary files never pay for the extra open.
enum MediaExtent {
    /// Packets read at most before answering "yes": a file whose streams go on this long is
    /// taken at its word (a demuxer reads thousands of packets a millisecond or so).
    static let packetBudget = 4096

    /// True when some packet of any stream of `path` starts at or after source time `t`
    /// (source time 0 is the container's start). Reads forward from a seek to `t` (which lands at
    /// or before it); false when the file ends first.
    static func hasData(_ path: String, atOrAfter t: Time) throws -> Bool {
        let input = try InputFile(path: path, probe: false)
        let start = input.startTimeMicros
        let target = start + t.ticks(in: Int64(reel_time_base()), rounding: .down)
        // A failed seek (a file that cannot seek) reads from wherever the demuxer is: still correct.
        _ = av_seek_frame(input.pointer, -1, target, AVSEEK_FLAG_BACKWARD)
        let packet = Packet()
        for _ in 0..<packetBudget {
            guard try input.read(into: packet) else { return false }
            defer { packet.unref() }
            let st = input.stream(packet.streamIndex).pointee
            let ts = packet.pts != reel_nopts() ? packet.pts : packet.pointer.pointee.dts
            guard ts != reel_nopts() else { continue }
            let end = av_rescale_q(ts + max(packet.pointer.pointee.duration, 0), st.time_base,
                                   AVRational(num: 1, den: reel_time_base()))
            if end >= target { return true }
        }
        return true
    }
}
