import ReelSpec

extension RenderPlan {
    /// The depth the render composites at: 10-bit when its video encoder takes more than 8 bits
    /// (ProRes, HEVC Main 10), so the encoder receives what the sources and the compositor computed,
    /// not an 8-bit rounding of it; 8-bit otherwise, the delivery codecs' own depth and the fastest path.
    var sampleDepth: SampleDepth { SampleDepth(encoderFormat: OutputEncoders.pixelFormat(videoEncoding, alpha: keepsAlpha)) }

    /// The colour space every picture is converted into and the output is tagged with.
    var canvasColor: CanvasColor {
        switch color {
        case .hlg: return .hlg
        case .hdr10: return .pq
        case .sdr, .auto: return .forOutput(height: colorHeight ?? height)
        }
    }
}
