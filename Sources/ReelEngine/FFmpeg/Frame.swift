import CFFmpeg

/// Owns one `AVFrame` (and, through FFmpeg's reference counting, its buffers).
final class Frame {
    let pointer: UnsafeMutablePointer<AVFrame>
    /// A YUVA picture whose colour is already premultiplied by its alpha, as `AlphaOps.premultiply`
    /// writes it (a Lottie frame, born premultiplied): the compositor takes it as it is. Only the
    /// compositor may be handed one; masks, filters and colour conversion expect straight alpha.
    /// Not carried by `reference()`.
    var premultipliedAlpha = false
    /// Where a premultiplied picture's alpha is non-zero, when its writer recorded it (a Lottie
    /// frame): the compositor skips the rest. Not carried by `reference()`.
    var alphaCoverage: AlphaCoverage?

    init() {
        guard let f = av_frame_alloc() else { fatalError("av_frame_alloc: out of memory") }
        pointer = f
    }

    deinit {
        var p: UnsafeMutablePointer<AVFrame>? = pointer
        av_frame_free(&p)
    }

    /// Allocates a writable video frame of the given size and pixel format.
    static func video(width: Int, height: Int, format: AVPixelFormat) throws -> Frame {
        let f = Frame()
        f.pointer.pointee.width = Int32(width)
        f.pointer.pointee.height = Int32(height)
        f.pointer.pointee.format = format.rawValue
        try FFmpegError.check(av_frame_get_buffer(f.pointer, 0), "av_frame_get_buffer", "allocating a \(width)x\(height) frame")
        return f
    }

    /// A new reference to the same buffers (no pixel copy), for handing one picture to the encoder
    /// several times or passing a decoded frame straight through.
    func reference() throws -> Frame {
        let f = Frame()
        try FFmpegError.check(av_frame_ref(f.pointer, pointer), "av_frame_ref")
        return f
    }

    /// Drops the buffers so the frame can receive the next decoded picture.
    func unref() { av_frame_unref(pointer) }

    /// Ensures this frame's buffers are not shared (copying them if the encoder still holds them).
    func makeWritable() throws {
        try FFmpegError.check(av_frame_make_writable(pointer), "av_frame_make_writable")
    }

    var width: Int { Int(pointer.pointee.width) }
    var height: Int { Int(pointer.pointee.height) }
    var pixelFormat: AVPixelFormat { AVPixelFormat(rawValue: pointer.pointee.format) }
    var pts: Int64 {
        get { pointer.pointee.pts }
        set { pointer.pointee.pts = newValue }
    }
    var bestEffortTimestamp: Int64 { pointer.pointee.best_effort_timestamp }
    var sampleCount: Int { Int(pointer.pointee.nb_samples) }

    /// Base address of plane `i` (data[i]).
    func data(_ i: Int) -> UnsafeMutablePointer<UInt8>? {
        withUnsafePointer(to: &pointer.pointee.data) {
            $0.withMemoryRebound(to: UnsafeMutablePointer<UInt8>?.self, capacity: 8) { $0[i] }
        }
    }

    /// Bytes per row of plane `i` (linesize[i]).
    func lineSize(_ i: Int) -> Int {
        withUnsafePointer(to: &pointer.pointee.linesize) {
            $0.withMemoryRebound(to: Int32.self, capacity: 8) { Int($0[i]) }
        }
    }
}
