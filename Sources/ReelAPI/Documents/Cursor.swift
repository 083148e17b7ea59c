import Foundation

/// Page cursors as clients see them: opaque tokens, not the store's row numbers, so a client cannot
/// build or compare them and the store may change what they hold. A cursor is `c1` followed by the
/// base64url of the store's position; anything else is not a cursor this server issued.
enum Cursor {
    static func encode(_ position: String) -> String {
        "c1" + Data(position.utf8).base64EncodedString()
            .replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
    }

    /// An asset's place in its list: its id's ULID (26 characters of Crockford's base32), or nil
    /// for a token this server did not issue.
    static func decodeAsset(_ token: String) -> String? {
        guard let text = decodeText(token), text.count == 26,
              text.unicodeScalars.allSatisfy({ "0123456789ABCDEFGHJKMNPQRSTVWXYZ".unicodeScalars.contains($0) }) else { return nil }
        return "asset_" + text
    }

    /// The token of an asset's place (its id without the `asset_` prefix, which keeps it short).
    static func encodeAsset(_ id: String) -> String { encode(String(id.dropFirst("asset_".count))) }

    /// The store's position, or nil for a token this server did not issue.
    static func decode(_ token: String) -> String? {
        guard let text = decodeText(token), Int64(text) != nil else { return nil }
        return text
    }

    private static func decodeText(_ token: String) -> String? {
        guard token.hasPrefix("c1"), token.count <= 40 else { return nil }
        var b64 = token.dropFirst(2).replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        while b64.count % 4 != 0 { b64 += "=" }
        guard let data = Data(base64Encoded: b64), let text = String(data: data, encoding: .utf8), encode(text) == token else { return nil }
        return text
    }
}
