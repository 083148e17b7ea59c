/// How a layer's colours combine with what lies under it (`blend` on overlays): the sixteen modes of
/// W3C Compositing and Blending Level 1, applied to gamma-encoded RGB as a browser's
/// `mix-blend-mode` does, then source-over with the layer's alpha and opacity.
public enum BlendMode: String, Sendable, CaseIterable {
    case normal, multiply, screen, overlay, darken, lighten, colorDodge, colorBurn, hardLight, softLight
    case difference, exclusion, hue, saturation, color, luminosity
}
