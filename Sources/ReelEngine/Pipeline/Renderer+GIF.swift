extension Renderer {
    /// A `gif` output: the pictures at the output's rate (15 fps unless given) through the
    /// picture stage, quantised scene by scene and written as deltas; no audio.
    func writeGIF(to temp: String, cancel: CancellationToken, progress: (Double) -> Void) throws {
        let frames = plan.frameCount
        let pictures = PictureStage(plan: plan)
        defer { pictures.stop() }
        let gif = try GIFSceneEncoder(path: temp, width: plan.width, height: plan.height,
                                      matrix: plan.canvasColor, frameRate: plan.frameRate)
        for i in 0..<frames {
            if cancel.isCancelled { throw RenderError.cancelled }
            let frame = try pictures.next(i)
            try gif.add(frame)
            progress(Double(i + 1) / Double(frames))
        }
        try gif.finish()
    }
}
