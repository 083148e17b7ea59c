extension RenderPlan {
    /// The depth the render composites at: 10-bit when its video encoder takes more than 8 bits
    /// (ProRes), so the encoder receives what the sources and the compositor computed, not an 8-bit
    /// rounding of it; 8-bit otherwise, the delivery codecs' own depth and the fastest path.
    var sampleDepth: SampleDepth { SampleDepth(encoderFormat: OutputEncoders.pixelFormat(videoEncoding, alpha: keepsAlpha)) }
}
