import Dispatch
import Foundation
import ReelSpec
import ReelStorage

extension Renderer {
    /// An `hls` output into the folder `folder` (`HLSFolderWriter`): the picture stage as for
    /// video, every picture encoded once per rendition (segment starts forced to IDR frames, the
    /// same frames in each), the audio mixed once into its own media playlist.
    func writeHLS(to folder: String, live: (any LiveOutput)?, cancel: CancellationToken, progress: (Double) -> Void) throws {
        guard let hls = plan.hls else { preconditionFailure("an hls output without its plan") }
        let started = DispatchTime.now()
        let frames = plan.frameCount
        let pictures = PictureStage(plan: plan)
        defer { pictures.stop() }
        let starts = segmentStarts(hls.segmentDuration)
        let writer = try HLSFolderWriter(plan: plan, starts: starts, folder: folder, live: live, started: started)
        let writeAudio = { (p: Packet) throws in try writer.writeAudio(p) }
        let audioStage = AudioEncodingStage(track: AudioTrackEncoder(plan: plan, encoder: writer.audioEncoder))
        defer { audioStage.stop() }
        let rate = Int64(plan.audioEncoding.sampleRate)
        var nextStart = starts.startIndex
        for i in 0..<frames {
            if cancel.isCancelled { throw RenderError.cancelled }
            let frame = try pictures.next(i)
            let startsSegment = nextStart < starts.endIndex && starts[nextStart] == i
            if startsSegment { nextStart += 1 }
            for r in writer.renditions { try r.encode(frame, index: i, startsSegment: startsSegment) }
            try audioStage.writePackets(before: plan.frameTime(i + 1).ticks(in: rate, rounding: .nearest), sink: writeAudio)
            try writer.poke()
            progress(Double(i + 1) / Double(frames))
        }
        try audioStage.writeRemainingPackets(sink: writeAudio)
        firstSegmentSeconds = try writer.finish(drain: true)
    }

    /// The frames that start a segment: the first frame at or after each multiple of `duration`.
    func segmentStarts(_ duration: Time) -> [Int64] {
        var starts: [Int64] = []
        var next = Time.zero
        for i in 0..<plan.frameCount {
            let time = plan.frameTime(i)
            guard !(time < next) else { continue }
            starts.append(i)
            while !(time < next) { next = next + duration }
        }
        return starts
    }
}
