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

    /// The store's position, or nil for a token this server did not issue.
    static func decode(_ token: String) -> String? {
        guard token.hasPrefix("c1"), token.count <= 40 else { return nil }
        var b64 = token.dropFirst(2).replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        while b64.count % 4 != 0 { b64 += "=" }
        guard let data = Data(base64Encoded: b64), let text = String(data: data, encoding: .utf8),
              Int64(text) != nil, encode(text) == token else { return nil }
        return text
    }
}
