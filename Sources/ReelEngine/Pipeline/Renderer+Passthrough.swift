import CFFmpeg
import Foundation
import ReelSpec

extension Renderer {
    /// Writes a passthrough output by splicing (see docs/PASSTHROUGH.md): the `SplicePlan`'s copy
    /// runs go from the sources' packets to the muxer untouched, its encoded stretches through the
    /// picture pipeline and a `SpliceEncoder`; the audio is mixed and encoded as for any output.
    /// Returns false, having written nothing, when no frame can be copied: then the output is
    /// encoded like any other.
    func writeSpliced(to temp: String, cancel: CancellationToken, progress: (Double) -> Void) throws -> Bool {
        let splice = try SplicePlanner(plan: plan).make()
        guard splice.copiedFrames > 0, let sets = splice.parameterSets, let spsID = sets.freeID else { return false }
        // The picture stage only decodes toward cut-ins here, with little encoding beside it: its
        // decoders get two threads where an ordinary render on two cores gives them one (`CodecThreading`).
        var picturePlan = plan
        picturePlan.codecThreading.videoDecoder = plan.codecThreading.videoDecoder == 1 ? 2 : plan.codecThreading.videoDecoder
        let pictures = PictureStage(plan: picturePlan, ranges: splice.encodedRanges)
        defer { pictures.stop() }
        let encoders = SpliceEncoder(plan: plan, spsID: spsID, reorder: max(splice.sourceReorder, splice.copyDelay), color: splice.color)
        // One encoder opened now for its parameter sets, which the header's avcC must hold; it then
        // encodes the first stretch (kept only by `reused`, so it is freed once that is done).
        var reused: Encoder? = try encoders.open()
        let output = try OutputFile(path: temp, formatName: OutputEncoders.muxerName(plan.format))
        let (video, header, delay) = try addSplicedStream(to: output, encoder: reused!, sets: sets, spsID: spsID,
                                                          copyDelay: splice.copyDelay)
        let audioEncoder = try OutputEncoders.audio(plan, globalHeader: output.needsGlobalHeader)
        let audioStream = try output.addStream(for: audioEncoder)
        try writeHeaderAndSubtitles(output)
        let rate = Int64(plan.audioEncoding.sampleRate)
        // The audio may run up to a minute ahead of the muxer (about 2,800 AAC packets, under 2 MB):
        // copy runs take no CPU, so while they are written the audio thread would otherwise be the
        // only one working, and behind the usual 1.4 s lead it could not use the core the decoders
        // leave idle between cut-ins. Bounded, so memory stays flat in the timeline's length.
        let leadPackets = Int(plan.audioEncoding.sampleRate) * 60 / max(1, Int(audioEncoder.context.pointee.frame_size))
        let audioStage = AudioEncodingStage(track: AudioTrackEncoder(plan: plan, encoder: audioEncoder), capacity: leadPackets)
        defer { audioStage.stop() }
        let frames = plan.frameCount
        var splicer = Splicer(delay: Int64(delay), stream: video)
        // After each video packet: the audio up to the frames written so far, so the muxer
        // interleaves with small buffers.
        func afterPacket(_ written: Int64) throws {
            if cancel.isCancelled { throw RenderError.cancelled }
            let n = min(frames, written)
            try audioStage.writePackets(before: plan.frameTime(n).ticks(in: rate, rounding: .nearest)) { try audioStream.write($0) }
            progress(Double(n) / Double(max(1, frames)))
        }
        for piece in splice.pieces {
            switch piece {
            case .copy(let run):
                try RenderError.forSource(pointer: run.pointer, path: run.path) { try splicer.copy(run, after: afterPacket) }
            case .encode(let range):
                let encoder = try reused ?? encoders.open()
                reused = nil
                guard encoder.extradata == header else {
                    throw PipelineError.splice("x264 wrote other parameter sets for the same settings")
                }
                try splicer.encode(range, with: encoder, pictures: pictures, after: afterPacket)
            }
        }
        try audioStage.writeRemainingPackets { try audioStream.write($0) }
        try output.finish()
        frameCounts = FrameCounts(copied: splice.copiedFrames, encoded: splice.encodedFrames)
        logger.info("rendered", metadata: ["frames": .stringConvertible(frames), "copiedFrames": .stringConvertible(splice.copiedFrames),
                                           "encodedFrames": .stringConvertible(splice.encodedFrames),
                                           "samples": .stringConvertible(plan.sampleCount)])
        return true
    }

    /// Adds the video stream: the encoder's codec parameters with an `avcC` holding the sources'
    /// parameter sets and the encoder's. Returns the stream, the encoder's global header (every
    /// later encoder must write the same) and the decode delay `D` of the splice (see `Splicer`).
    private func addSplicedStream(to output: OutputFile, encoder: Encoder, sets: AVCParameterSets, spsID: Int,
                                  copyDelay: Int) throws -> (PacketStream, [UInt8], Int) {
        var sets = sets
        let header = encoder.extradata
        guard let own = AVCParameterSets(annexBUnits: header.withUnsafeBufferPointer { NALUnits.splitAnnexB($0) }),
              own.sps.map(\.id) == [spsID], sets.merge(own) else {
            throw PipelineError.splice("x264 did not write its parameter sets with id \(spsID)")
        }
        let delay = max(copyDelay, Int(encoder.context.pointee.has_b_frames))
        let tb = AVRational(num: Int32(plan.frameRate.denominator), den: Int32(plan.frameRate.numerator))
        let avcC = sets.avcC()
        let video = try output.addStream(timeBase: tb, frameRate: encoder.context.pointee.framerate) { par in
            try FFmpegError.check(avcodec_parameters_from_context(par, encoder.context), "avcodec_parameters_from_context")
            av_freep(&par.pointee.extradata)
            guard let data = av_mallocz(avcC.count + Int(AV_INPUT_BUFFER_PADDING_SIZE)) else {
                throw FFmpegError(reel_averror(ENOMEM), "av_mallocz", "avcC")
            }
            avcC.withUnsafeBufferPointer { data.copyMemory(from: $0.baseAddress!, byteCount: avcC.count) }
            par.pointee.extradata = data.assumingMemoryBound(to: UInt8.self)
            par.pointee.extradata_size = Int32(avcC.count)
            par.pointee.video_delay = Int32(delay)
        }
        return (video, header, delay)
    }
}
