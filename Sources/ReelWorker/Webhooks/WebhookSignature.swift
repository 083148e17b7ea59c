import Crypto
import Foundation
import ReelBasics
import ReelSpec

/// `Reel-Signature: t=UNIX_SECONDS,v1=HEX`, HEX being HMAC-SHA256 of `t + "." + body` with the
/// server's `webhookSecret` (docs/API.md), so a receiver can check both the sender and
/// the body, and refuse a replay by its time.
enum WebhookSignature {
    static func header(body: [UInt8], secret: [UInt8], time: Int64) -> String {
        "t=\(time),v1=" + Hex.lowercase(mac(body: body, secret: secret, time: time))
    }

    static func mac(body: [UInt8], secret: [UInt8], time: Int64) -> [UInt8] {
        Array(HMAC<SHA256>.authenticationCode(for: Array("\(time).".utf8) + body, using: SymmetricKey(data: secret)))
    }
}
