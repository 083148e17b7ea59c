import Foundation

/// How many threads FFmpeg's video codecs run, chosen for the share of the machine one render gets.
///
/// A render is already a pipeline: the picture stage (demux, decode, fit, composite) runs on its own
/// thread beside the encoding thread, and x264 adds its frame threads (1.5 per core) and a lookahead
/// thread. On a small machine those alone keep every core busy, so threads inside the video decoders
/// add only hand-offs, per-thread decoder contexts and extra frame buffers: on 2 cores the benchmark
/// (docs/PERFORMANCE.md) renders 2–3 % faster, with less memory, when each decoder runs
/// single-threaded on the picture thread than with FFmpeg's frame threading. With more cores one
/// decoding thread could starve the encoder (a 4K or HEVC source decodes at a few dozen frames a
/// second on one thread, and a transition decodes two sources), so 3–4 cores get 2 decoder threads
/// and larger shares FFmpeg's automatic count; only the 2-core case is measured. Decoded pictures
/// are the same either way: H.264 and HEVC decoding is bit-exact whatever the thread count.
public struct CodecThreading: Sendable, Equatable {
    /// `thread_count` of each video decoder; 0 lets FFmpeg choose (frame threads, one per core + 1).
    public var videoDecoder: Int
    /// `thread_count` of the video encoder; 0 lets the encoder choose (x264: 1.5 threads per core).
    public var videoEncoder: Int

    public init(videoDecoder: Int, videoEncoder: Int) {
        self.videoDecoder = max(0, videoDecoder)
        self.videoEncoder = max(0, videoEncoder)
    }

    /// The threading for a render that has `cores` of the machine's `machineCores` to itself (less
    /// than all of them when several workers render at once).
    ///
    /// With the whole machine the encoder keeps its own automatic count, which FFmpeg's CLI uses too.
    /// With a share, the automatic counts would size every render for the whole machine and the
    /// workers would oversubscribe it, so x264's rule (1.5 threads per core) is applied to the share.
    public static func forRender(cores: Int, machineCores: Int = ProcessInfo.processInfo.activeProcessorCount) -> CodecThreading {
        let share = max(1, min(cores, machineCores))
        let decoder = share <= 2 ? 1 : share <= 4 ? 2 : 0
        let encoder = share >= machineCores ? 0 : (3 * share + 1) / 2
        return CodecThreading(videoDecoder: decoder, videoEncoder: encoder)
    }

    /// A render with the whole machine.
    public static var wholeMachine: CodecThreading {
        let cores = ProcessInfo.processInfo.activeProcessorCount
        return forRender(cores: cores, machineCores: cores)
    }
}
