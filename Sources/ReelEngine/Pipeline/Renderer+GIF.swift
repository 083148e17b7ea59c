extension Renderer {
    /// A `gif` output: the pictures at the output's rate (15 fps unless given) through the
    /// picture stage, quantised scene by scene and written as deltas; no audio.
    func writeGIF(to temp: String, cancel: CancellationToken, progress: (Double) -> Void) throws {
        let frames = plan.frameCount
        let pictures = BoundedQueue<Frame>(capacity: Renderer.pictureQueueDepth(frameBytes: plan.width * plan.height * 3 / 2))
        let stopPictures = CancellationToken()
        let picturesDone = startPictures(frames: frames, into: pictures, stop: stopPictures)
        defer {
            stopPictures.cancel()
            pictures.close()
            picturesDone.wait()
        }
        let gif = try GIFSceneEncoder(path: temp, width: plan.width, height: plan.height,
                                      matrix: ColorMatrix.forOutput(height: plan.height), frameRate: plan.frameRate)
        for i in 0..<frames {
            if cancel.isCancelled { throw RenderError.cancelled }
            guard let frame = try pictures.pop() else { throw PipelineError.picturesEnded(after: i, of: frames) }
            try gif.add(frame)
            progress(Double(i + 1) / Double(frames))
        }
        try gif.finish()
    }
}
