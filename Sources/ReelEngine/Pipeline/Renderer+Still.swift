import Foundation

extension Renderer {
    /// A `jpg` or `png` output: the composited picture at the output range's start, encoded once at
    /// the output size (no audio, nothing else decoded).
    func writeStill(to temp: String, stop: CancellationToken) throws {
        var track = TimelinePictures(plan: plan, stop: stop)
        defer { track.close() }
        let picture = try track.picture(at: plan.outputRange.start)
        let bytes = try StillImageEncoder.encode(picture, matrix: plan.canvasColor,
                                                 as: plan.format == .png ? .png : .jpeg)
        try Data(bytes).write(to: URL(fileURLWithPath: temp))
    }
}
