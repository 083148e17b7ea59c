import ReelSpec

extension Color {
    /// Fully transparent: what lies under a ProRes 4444 timeline unless the spec names a background.
    static let clear = Color(red: 0, green: 0, blue: 0, alpha: 0)

    /// This colour drawn over `base` (Porter–Duff "over", straight alpha in and out, in sRGB as the
    /// compositor blends): how a colour card with alpha, or a translucent background, looks once
    /// something lies under it.
    func over(_ base: Color) -> Color {
        let a = Int(alpha), b = Int(base.alpha) * (255 - a) / 255
        let out = a + b
        guard out > 0 else { return .clear }
        func mix(_ top: UInt8, _ bottom: UInt8) -> UInt8 {
            UInt8((Int(top) * a + Int(bottom) * b + out / 2) / out)
        }
        return Color(red: mix(red, base.red), green: mix(green, base.green), blue: mix(blue, base.blue), alpha: UInt8(out))
    }
}
