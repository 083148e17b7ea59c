import ReelSpec

extension RenderPlan {
    /// The frames that start a segment of `duration`: the first frame at or after each multiple of it.
    func segmentStarts(_ duration: Time) -> [Int64] {
        var starts: [Int64] = []
        var next = Time.zero
        for i in 0..<frameCount {
            let time = frameTime(i)
            guard !(time < next) else { continue }
            starts.append(i)
            while !(time < next) { next = next + duration }
        }
        return starts
    }

    /// The frames an HLS output's renditions force to be IDR frames: none when every segment starts
    /// on the GOP grid (where the encoder puts its IDR frames itself, so a rendition is encoded as
    /// the MP4 of its size would be), else every segment start. Empty for other outputs.
    var forcedSegmentStarts: Set<Int64> {
        guard let hls else { return [] }
        let starts = segmentStarts(hls.segmentDuration)
        let gop = Int64(max(1, videoEncoding.gopSize))
        return starts.allSatisfy { $0 % gop == 0 } ? [] : Set(starts)
    }
}
