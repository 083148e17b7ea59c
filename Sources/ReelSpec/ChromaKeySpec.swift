/// A green screen taken out (`chromaKey` on video items, video and image overlays; docs/API.md (compositing)):
/// with the pixel's and the key's chroma Cb, Cr in −0.5…0.5, d = √(((Cb−Kb)² + (Cr−Kr)²)/2) and
/// alpha = clamp((d − similarity)/smoothness, 0, 1) (a hard key when smoothness is 0); `spill` takes
/// that share of the key colour's cast out of what remains.
public struct ChromaKeySpec: Sendable, Equatable {
    public static let defaultColor = Color(red: 0x00, green: 0xB1, blue: 0x40)

    public var color: Color = ChromaKeySpec.defaultColor
    public var similarity = 0.3
    public var smoothness = 0.1
    public var spill = 0.5

    public init() {}
}
