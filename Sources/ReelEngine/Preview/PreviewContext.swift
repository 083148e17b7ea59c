import Foundation
import ReelSpec
import Synchronization

/// One spec's pictures kept open between previews (docs/API.md (previews)): planned once, its sources'
/// decoders left open where the last preview left them, so the next frame of a scrub decodes only
/// what lies between (`ClipProducer` seeks through the container's keyframe index when that is
/// shorter). The pictures are the renderer's own (`TimelinePictures`), so a preview is the frame a
/// still output of the same spec at that time shows, pixel for pixel (its PNG is compressed less).
///
/// Two previews of one context take turns (its pictures hold one position in each source).
public final class PreviewContext: Sendable {
    /// The spec's plan, its background made opaque for JPEG previews.
    public let plan: RenderPlan
    public let format: PreviewFormat
    /// The pictures, and the conversion of the last one into the image's format, kept.
    private struct State {
        var pictures: TimelinePictures
        let conversion = StillImageEncoder.Conversion()
    }

    private let state: Mutex<State>

    /// Where the time of one preview went, in seconds (the `Server-Timing` header's entries).
    public struct Timing: Sendable {
        public var draw: Double
        public var encode: Double
    }

    /// A drawn preview: the image file's bytes, the time of the frame it shows, its size.
    public struct Image: Sendable {
        public let bytes: [UInt8]
        public let frameTime: Time
        public let width: Int
        public let height: Int
        public let timing: Timing
    }

    /// `plan` as planned for its job (any output format); the preview draws its pictures at its
    /// size, rate, colour and background. A JPEG cannot carry alpha, so for it a transparent
    /// background is laid over black, as a `jpg` output of the spec would have it.
    public init(plan: RenderPlan, format: PreviewFormat) {
        var p = plan
        if format == .jpeg { p.background = p.background.over(.black) }
        p.format = format == .jpeg ? .jpg : .png
        // A preview is all decoding: a step back or far ahead decodes from a keyframe, dozens of
        // frames, which frame threads share out over the cores (up to 4: each thread holds frames
        // of its own). The pictures are the same whatever the count.
        p.codecThreading = CodecThreading(videoDecoder: min(4, ProcessInfo.processInfo.activeProcessorCount), videoEncoder: 1)
        // A scrub steps back as often as on: each video source keeps its latest decoded frames
        // (96 MiB: a 2 s GOP of 720p at 30 fps, 32 frames of 1080p), so a step back into them
        // decodes nothing. Only the context in use keeps them (`PreviewContexts`).
        p.recentFrameBytes = PreviewContext.recentFrameBytes
        self.plan = p
        self.format = format
        state = Mutex(State(pictures: TimelinePictures(plan: p, prefetching: false)))
    }

    deinit { state.withLock { $0.pictures.close() } }

    static let recentFrameBytes = 96 << 20

    /// Lets go of the kept frames while another spec is previewed (unless a preview of this one
    /// is under way): an idle context holds its decoders, not its frames.
    public func dropRecentFrames() {
        _ = state.withLockIfAvailable { $0.pictures.dropRecentFrames() }
    }

    /// The timeline's length: times at or after it have no frame.
    public var duration: Time { plan.timelineDuration }

    /// The start of the output frame whose interval holds timeline time `t` (`⌊t × rate⌋ / rate`).
    public func frameTime(holding t: Time) -> Time {
        let rate = plan.frameRate
        let index = Time.divide(Int128(t.value) * Int128(rate.numerator), Int128(t.timescale) * Int128(rate.denominator),
                                rounding: .down)
        return plan.frameTime(Int64(index))
    }

    /// The frame holding `t` as an image, `width` pixels wide when given (at most the output's;
    /// the height in proportion, at least 1).
    public func image(at t: Time, width: Int? = nil) throws -> Image {
        let frameTime = frameTime(holding: t)
        let started = ContinuousClock.now
        return try state.withLock { state in
            let picture = try state.pictures.picture(at: frameTime)
            let drawn = ContinuousClock.now
            let w = min(plan.width, width ?? plan.width)
            let h = max(1, Int((Int64(plan.height) * Int64(w) + Int64(plan.width) / 2) / Int64(plan.width)))
            let bytes = try StillImageEncoder.encode(picture, matrix: plan.canvasColor, as: format == .jpeg ? .jpeg : .png,
                                                     width: w, height: h, quick: true, reusing: state.conversion)
            let encoded = ContinuousClock.now
            return Image(bytes: bytes, frameTime: frameTime, width: w, height: h,
                         timing: Timing(draw: (drawn - started).seconds, encode: (encoded - drawn).seconds))
        }
    }
}

/// A preview's image file format.
public enum PreviewFormat: String, Sendable, CaseIterable {
    case png, jpeg
}

extension Duration {
    /// This duration in seconds.
    public var seconds: Double { Double(components.seconds) + Double(components.attoseconds) * 1e-18 }
}
