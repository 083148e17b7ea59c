import CFFmpeg
import Foundation
import ReelSpec

/// SHA-256 of request bodies through libavutil's `AVSHA`, for idempotency checks: FFmpeg is linked
/// already, so ReelEngine needs no crypto package. Files (output ETags, asset digests, the web
/// cache's names) are hashed by `FileDigest` in ReelStorage, below this module.
/// The API's key digests and webhook HMAC-SHA256 signatures use swift-crypto, in ReelAPI. Owns
/// the context and frees it in deinit.
public final class SHA256 {
    private let context: OpaquePointer

    init() {
        guard let ctx = av_sha_alloc() else { fatalError("av_sha_alloc: out of memory") }
        context = ctx
        av_sha_init(ctx, 256)
    }

    deinit { av_free(UnsafeMutableRawPointer(context)) }

    func update(_ bytes: UnsafeRawBufferPointer) {
        guard let base = bytes.baseAddress, bytes.count > 0 else { return }
        av_sha_update(context, base.assumingMemoryBound(to: UInt8.self), bytes.count)
    }

    /// The digest as lowercase hex; the hasher must not be used afterwards.
    func finalizeHex() -> String {
        var out = [UInt8](repeating: 0, count: 32)
        av_sha_final(context, &out)
        return Hex.lowercase(out)
    }

    public static func hex(of bytes: [UInt8]) -> String {
        let h = SHA256()
        bytes.withUnsafeBytes { h.update($0) }
        return h.finalizeHex()
    }
}
