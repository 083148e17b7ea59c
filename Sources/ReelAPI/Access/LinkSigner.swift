import Crypto
import ReelBasics
import ReelSpec

/// Reel's own signed URLs (output links, upload URLs on local storage): an HMAC-SHA256, with the
/// server's link secret, of what the link is for, the id it names and its expiry. One rule for
/// signing and checking, so every kind of link is as strong as the others; `purpose` keeps an
/// output link from being replayed as an upload URL.
struct LinkSigner: Sendable {
    let secret: [UInt8]

    /// Why a link is refused.
    enum Refusal: Error, Equatable {
        case expired, invalid
    }

    func signature(_ purpose: String, id: String, expires: Int64) -> String {
        Hex.lowercase(Array(HMAC<SHA256>.authenticationCode(for: Array("\(purpose)\n\(id)\n\(expires)".utf8), using: SymmetricKey(data: secret))))
    }

    /// Checks a link's query values for `id` at `now` (ms since 1970).
    func check(_ purpose: String, id: String, expires: String?, signature: String?, now: Int64) throws(Refusal) {
        guard let expires, let e = Int64(expires), let signature, signature.utf8.count == 64 else { throw .invalid }
        // Compared in full whatever differs first, so the time taken tells nothing of the right one.
        let expected = Array(self.signature(purpose, id: id, expires: e).utf8)
        var difference: UInt8 = 0
        for (a, b) in zip(expected, signature.utf8) { difference |= a ^ b }
        guard difference == 0 else { throw .invalid }
        guard e * 1000 > now else { throw .expired }
    }
}
