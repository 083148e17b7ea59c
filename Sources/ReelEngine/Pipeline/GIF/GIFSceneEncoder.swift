import CFFmpeg
import ReelSpec

/// The consumer of a `gif` output: converts each composited picture to RGB, gathers the pictures of
/// a scene, chooses one dithered palette for the scene (`PaletteQuantizer`) and writes its frames
/// as deltas (`GIFWriter`).
///
/// A scene ends at a cut (the mean luma difference to the previous picture passes `cutThreshold`)
/// or when its pictures reach the memory budget; a palette per scene instead of one for the whole
/// file is what keeps gradients from banding when the content changes.
final class GIFSceneEncoder {
    /// Mean absolute luma change (0–255) between consecutive pictures that starts a new scene.
    static let cutThreshold = 24.0
    /// Bytes of RGBA pictures held for one scene's palette (at least one picture, at most 60).
    static let sceneBudget = 48 << 20

    private let writer: GIFWriter
    private let quantizer: PaletteQuantizer
    private let width: Int
    private let height: Int
    private let matrix: CanvasColor
    private let frameRate: Rational
    private let maxScene: Int
    private var scaler: Scaler?
    private var rgba: Frame?
    private var scene: [[UInt8]] = []
    private var previousLuma: [UInt8]?
    /// The scene's first picture: a slow change (a dissolve, a pan) ends the scene too, once it has
    /// drifted as far from where the scene began as a cut would.
    private var sceneStartLuma: [UInt8]?
    /// Frames written so far, for the delays.
    private var written: Int64 = 0

    init(path: String, width: Int, height: Int, matrix: CanvasColor, frameRate: Rational) throws {
        writer = try GIFWriter(path: path, width: width, height: height)
        quantizer = try PaletteQuantizer()
        self.width = width
        self.height = height
        self.matrix = matrix
        self.frameRate = frameRate
        maxScene = max(1, min(60, GIFSceneEncoder.sceneBudget / max(1, width * height * 4)))
    }

    /// Adds the next picture (limited-range YUV 4:2:0 in `matrix`).
    func add(_ picture: Frame) throws {
        let luma = sampledLuma(picture)
        if let previous = previousLuma, let first = sceneStartLuma, !scene.isEmpty,
           GIFSceneEncoder.meanDifference(previous, luma) > GIFSceneEncoder.cutThreshold
            || GIFSceneEncoder.meanDifference(first, luma) > GIFSceneEncoder.cutThreshold || scene.count >= maxScene {
            try flushScene()
        }
        if scene.isEmpty { sceneStartLuma = luma }
        previousLuma = luma
        scene.append(try rgbaBytes(picture))
    }

    /// Writes the last scene and the trailer.
    func finish() throws {
        try flushScene()
        try writer.finish()
    }

    private func flushScene() throws {
        guard !scene.isEmpty else { return }
        let (palette, indices) = try quantizer.quantize(scene, width: width, height: height)
        for frame in indices {
            try writer.add(indices: frame, palette: palette, delay: delay(of: written))
            written += 1
        }
        scene.removeAll(keepingCapacity: true)
    }

    /// Hundredths of a second frame `i` is shown: the difference of the rounded times of frames
    /// `i + 1` and `i`, so rounding never accumulates (15 fps: 7, 6, 7, 7, 6, 7 …).
    func delay(of i: Int64) -> Int {
        func centiseconds(_ k: Int64) -> Int64 {
            Int64(Time.divide(Int128(k) * 100 * Int128(frameRate.denominator), Int128(frameRate.numerator), rounding: .nearest))
        }
        return Int(centiseconds(i + 1) - centiseconds(i))
    }

    /// Every 4th luma sample of every 4th row: enough to see a cut, cheap per picture.
    private func sampledLuma(_ picture: Frame) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity((width / 4 + 1) * (height / 4 + 1))
        let plane = picture.data(0)!, stride = picture.lineSize(0)
        for y in Swift.stride(from: 0, to: height, by: 4) {
            for x in Swift.stride(from: 0, to: width, by: 4) { out.append(plane[y * stride + x]) }
        }
        return out
    }

    static func meanDifference(_ a: [UInt8], _ b: [UInt8]) -> Double {
        guard a.count == b.count, !a.isEmpty else { return .infinity }
        var sum = 0
        for i in 0..<a.count { sum += abs(Int(a[i]) - Int(b[i])) }
        return Double(sum) / Double(a.count)
    }

    /// The picture as packed full-range RGBA, converted with the canvas's own matrix.
    private func rgbaBytes(_ picture: Frame) throws -> [UInt8] {
        let whole = PixelRect(x: 0, y: 0, width: width, height: height)
        if scaler == nil {
            let key = Scaler.Key(srcWidth: width, srcHeight: height, srcFormat: picture.pixelFormat.rawValue,
                                 srcColorspace: matrix.swsMatrix, srcFullRange: false,
                                 dstWidth: width, dstHeight: height, dstFormat: AV_PIX_FMT_RGBA.rawValue, dstMatrix: .bt601,
                                 dstFullRange: true, fullChromaInterpolation: false)
            scaler = try Scaler(key: key)
            rgba = try Frame.video(width: width, height: height, format: AV_PIX_FMT_RGBA)
        }
        let out = rgba!
        scaler!.scale(picture, rect: whole, into: out, at: whole)
        var bytes = [UInt8](repeating: 0, count: width * height * 4)
        let stride = out.lineSize(0), data = out.data(0)!
        bytes.withUnsafeMutableBufferPointer { b in
            for y in 0..<height { (b.baseAddress! + y * width * 4).update(from: data + y * stride, count: width * 4) }
        }
        return bytes
    }
}
