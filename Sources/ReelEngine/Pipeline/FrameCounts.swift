/// How a render made its output's video frames: copied from a source as compressed packets
/// (passthrough) or encoded. For an HLS output the counts are per rendition.
public struct FrameCounts: Sendable, Equatable {
    public var copied: Int64
    public var encoded: Int64

    public init(copied: Int64, encoded: Int64) {
        self.copied = copied
        self.encoded = encoded
    }
}
