import Foundation
import ReelBasics
import ReelSpec

/// A Lottie overlay's picture at each time (docs/API.md "Lottie"): the animation's frame that
/// `LottiePlan.frame(into:)` maps the time to, drawn by rlottie at the overlay's pixel size. A frame
/// shown on several output frames (a 30 fps animation in a 60 fps output) is drawn once.
final class LottieProducer {
    private let plan: LottiePlan
    private let animation: LottieAnimation
    private let color: CanvasColor
    private let depth: SampleDepth
    private var last: (frame: Int, picture: Frame)?
    /// The picture before `last`, written over for the next frame once nothing else holds it.
    private var spare: Frame?
    /// Whether its pictures go to the compositor untouched (no mask, no filters), which takes them
    /// premultiplied as rlottie draws them.
    private let compositorOnly: Bool

    init(_ plan: LottiePlan, color: CanvasColor, depth: SampleDepth, compositorOnly: Bool) throws {
        self.plan = plan
        self.compositorOnly = compositorOnly
        self.color = color
        self.depth = depth
        guard let data = FileManager.default.contents(atPath: plan.path) else { throw CocoaError(.fileReadNoSuchFile) }
        let bytes = [UInt8](data)
        animation = try LottieAnimation(json: bytes, key: Digests.sha256Hex(bytes))
    }

    func picture(at into: Time) throws -> Frame {
        let frame = plan.frame(into: into)
        if let last, last.frame == frame { return last.picture }
        let reusable = isKnownUniquelyReferenced(&spare) ? spare : nil
        spare = nil
        let picture = try animation.picture(frame: frame, grid: plan.grid, color: color, depth: depth, premultiplied: compositorOnly,
                                            reusing: reusable)
        spare = last?.picture
        last = (frame, picture)
        return picture
    }
}
