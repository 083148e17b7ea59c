import CFFmpeg
import ReelSpec

/// The compressed packets of a file's video stream, in decode order, without decoding: what
/// passthrough copies. Source time 0 is the container's start, as for `DecodedStream`, so a
/// packet's time and a decoded frame's time agree.
final class PacketReader {
    let input: InputFile
    let streamIndex: Int
    let timeBase: AVRational

    init(path: String) throws {
        input = try InputFile(path: path, probe: false)
        guard let index = input.bestStream(AVMEDIA_TYPE_VIDEO) else { throw MediaError.noStream(path: path, type: .video) }
        streamIndex = index
        input.discardAllStreams(except: index)
        timeBase = input.stream(index).pointee.time_base
    }

    var parameters: AVCodecParameters { input.stream(streamIndex).pointee.codecpar.pointee }

    /// The stream's global header (H.264's `avcC` in MP4).
    var extradata: [UInt8] {
        let p = parameters
        guard let data = p.extradata, p.extradata_size > 0 else { return [] }
        return Array(UnsafeBufferPointer(start: data, count: Int(p.extradata_size)))
    }

    /// Converts a timestamp of the stream into source time.
    func time(ofTimestamp ts: Int64) -> Time {
        Time.fromTicks(ts, timeBaseNum: timeBase.num, den: timeBase.den) - Time(value: input.startTimeMicros, timescale: reel_time_base())
    }

    /// Converts source time into a timestamp of the stream (rounded down).
    func timestamp(of t: Time) -> Int64 {
        (t + Time(value: input.startTimeMicros, timescale: reel_time_base())).ticks(timeBaseNum: timeBase.num, den: timeBase.den, rounding: .down)
    }

    /// Positions the reader at the sync sample at or before source time `t`.
    func seek(to t: Time) throws {
        try input.seek(stream: streamIndex, to: timestamp(of: t))
    }

    /// The next packet of the stream; false at the end of the file.
    func next(into packet: Packet) throws -> Bool {
        while true {
            guard try input.read(into: packet) else { return false }
            if packet.streamIndex == streamIndex { return true }
            packet.unref()
        }
    }
}
