/// Where the mixer reads one clip's samples from: planar float at the output rate, starting at the
/// clip's first sample; fewer than asked only at the source's end.
protocol AudioSampleSource: AnyObject {
    /// Fills up to `count` samples of each channel; returns how many (fewer only at the end).
    func read(count: Int, into out: [UnsafeMutablePointer<Float>]) throws -> Int
}
