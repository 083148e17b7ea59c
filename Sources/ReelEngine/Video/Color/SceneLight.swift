import Foundation

/// BT.709's OETF and its inverse: the curve H.273 defines its SDR video transfers by (BT.709, BT.601,
/// BT.2020 10- and 12-bit: one formula), the signal a camera makes of the light of the scene.
/// `ColorConverter` converts such video's primaries in that light (`PictureColor.convertsInSceneLight`):
/// zimg 3.0 reads these code points only as BT.1886's display gamma 2.4, and a primaries conversion
/// through gamma 2.4 moves colours that lie inside both gamuts (BT.709's green carried in a BT.2020
/// picture lands outside BT.709, and the gamut mapping then tints it).
enum SceneLight {
    /// The constants of BT.2020's OETF at full precision (BT.709 rounds them to 1.099 and 0.018).
    static let alpha: Float = 1.09929682680944
    static let beta: Float = 0.018053968510807

    /// The signal of scene light `l` (1 = white).
    static func oetf(_ l: Float) -> Float { l < beta ? 4.5 * l : alpha * pow(l, 0.45) - (alpha - 1) }

    /// The scene light of signal `v`.
    static func inverseOETF(_ v: Float) -> Float { v < 4.5 * beta ? v / 4.5 : pow((v + alpha - 1) / alpha, 1 / 0.45) }

    /// The curves as `ColorConverter` runs them, on every sample.
    static let linearise = TransferTable(inverseOETF)
    static let encode = TransferTable(oetf)
}
