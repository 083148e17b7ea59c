import Crypto

/// SHA-256 as lowercase hex, the one hash of bytes in memory (request bodies for idempotency, the
/// console's and the schema's ETags, Lottie documents' cache keys): swift-crypto's, the same code
/// that signs links and S3 requests, rather than a second implementation. Files are hashed as they
/// stream by ReelStorage's `FileDigest`.
public enum Digests {
    public static func sha256Hex(_ bytes: [UInt8]) -> String { Hex.lowercase(SHA256.hash(data: bytes)) }
}
