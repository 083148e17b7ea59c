import Crypto
import ReelBasics
import Foundation

/// AWS Signature Version 4, written once for both of its forms: the `Authorization` header of a
/// request Reel sends, and the query of a presigned URL it hands out. Checked against AWS's own
/// test suite (`SigV4Tests`) and by a server that refuses a wrong signature (`S3ClientTests`).
public struct SigV4: Sendable {
    public let credentials: S3Credentials
    public let region: String
    public let service: String

    public init(credentials: S3Credentials, region: String, service: String = "s3") {
        self.credentials = credentials
        self.region = region
        self.service = service
    }

    /// A request as it is signed: `path` not yet percent-encoded (each segment is encoded here,
    /// `/` kept), `query` as name–value pairs (encoded here, sorted here).
    public struct Request: Sendable {
        public var method: String
        public var path: String
        public var query: [(String, String)]
        public var headers: [(String, String)]
        /// The payload's SHA-256 in hex, or `UNSIGNED-PAYLOAD`.
        public var payloadHash: String

        public init(method: String, path: String, query: [(String, String)] = [], headers: [(String, String)],
                    payloadHash: String) {
            self.method = method
            self.path = path
            self.query = query
            self.headers = headers
            self.payloadHash = payloadHash
        }
    }

    /// The SHA-256 of an empty payload.
    public static let emptyPayloadHash = "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"
    public static let unsignedPayload = "UNSIGNED-PAYLOAD"

    // MARK: The two forms

    /// The `Authorization` header for `request` at `date` (which must also be in the request's
    /// `X-Amz-Date` header, as the caller sends it).
    public func authorization(_ request: Request, date: Date) -> String {
        let (canonical, signed) = canonicalRequest(request)
        return "AWS4-HMAC-SHA256 Credential=\(credentials.accessKeyID)/\(scope(date)), SignedHeaders=\(signed), "
            + "Signature=\(signature(canonical, date: date))"
    }

    /// The query of a presigned URL for `request` (its query parameters, the `X-Amz-*` ones, and
    /// the signature), valid for `expires` seconds from `date`. `host` and the request's own
    /// headers are signed (none, usually, so the URL works from any client; a direct upload signs
    /// its `content-type`, which the client must then send as it is); the payload is
    /// `UNSIGNED-PAYLOAD`.
    public func presignedQuery(_ request: Request, host: String, date: Date, expires: Int) -> String {
        let headers = [("host", host)] + request.headers
        var query = request.query
        query.append(("X-Amz-Algorithm", "AWS4-HMAC-SHA256"))
        query.append(("X-Amz-Credential", "\(credentials.accessKeyID)/\(scope(date))"))
        query.append(("X-Amz-Date", Self.timestamp(date)))
        query.append(("X-Amz-Expires", String(expires)))
        if let token = credentials.sessionToken { query.append(("X-Amz-Security-Token", token)) }
        query.append(("X-Amz-SignedHeaders", Set(headers.map { $0.0.lowercased() }).sorted().joined(separator: ";")))
        let unsigned = Request(method: request.method, path: request.path, query: query, headers: headers,
                               payloadHash: Self.unsignedPayload)
        let (canonical, _) = canonicalRequest(unsigned)
        return Self.canonicalQuery(query) + "&X-Amz-Signature=" + signature(canonical, date: date)
    }

    // MARK: The steps (internal: the tests compare each with AWS's)

    /// The canonical request and the signed header names (`host;x-amz-date`).
    func canonicalRequest(_ r: Request) -> (text: String, signedHeaders: String) {
        // Header names lower-cased, sorted; values trimmed and inner runs of spaces folded; a name
        // given more than once joins its values with commas, in the order given.
        var merged: [String: [String]] = [:]
        for (name, value) in r.headers {
            merged[name.lowercased(), default: []].append(Self.foldSpaces(value))
        }
        let names = merged.keys.sorted()
        let headers = names.map { "\($0):\(merged[$0]!.joined(separator: ","))\n" }.joined()
        let signed = names.joined(separator: ";")
        let text = [r.method, Self.canonicalPath(r.path), Self.canonicalQuery(r.query), headers, signed, r.payloadHash]
            .joined(separator: "\n")
        return (text, signed)
    }

    func stringToSign(_ canonicalRequest: String, date: Date) -> String {
        "AWS4-HMAC-SHA256\n\(Self.timestamp(date))\n\(scope(date))\n"
            + Hex.lowercase(Crypto.SHA256.hash(data: Array(canonicalRequest.utf8)))
    }

    func signature(_ canonicalRequest: String, date: Date) -> String {
        let day = Self.day(date)
        var key = SymmetricKey(data: Array(("AWS4" + credentials.secretAccessKey).utf8))
        for part in [day, region, service, "aws4_request"] {
            key = SymmetricKey(data: Array(HMAC<Crypto.SHA256>.authenticationCode(for: Array(part.utf8), using: key)))
        }
        let mac = HMAC<Crypto.SHA256>.authenticationCode(for: Array(stringToSign(canonicalRequest, date: date).utf8), using: key)
        return Hex.lowercase(Array(mac))
    }

    func scope(_ date: Date) -> String { "\(Self.day(date))/\(region)/\(service)/aws4_request" }

    // MARK: Encoding

    /// `20150830T123600Z`.
    public static func timestamp(_ date: Date) -> String {
        let f = DateFormatter()
        f.locale = Locale(identifier: "en_US_POSIX")
        f.timeZone = TimeZone(identifier: "UTC")
        f.dateFormat = "yyyyMMdd'T'HHmmss'Z'"
        return f.string(from: date)
    }

    static func day(_ date: Date) -> String { String(timestamp(date).prefix(8)) }

    /// RFC 3986 percent-encoding of everything but the unreserved characters (`A–Z a–z 0–9 - . _ ~`),
    /// as SigV4 requires; with `keepSlash`, `/` too (paths).
    public static func encode(_ s: String, keepSlash: Bool = false) -> String {
        var out = ""
        for b in s.utf8 {
            switch b {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
                 UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"):
                out.unicodeScalars.append(Unicode.Scalar(b))
            case UInt8(ascii: "/") where keepSlash:
                out.append("/")
            default:
                out += "%" + Hex.lowercase([b]).uppercased()
            }
        }
        return out
    }

    /// The path with each segment encoded once (S3 does not normalise paths, so none is done).
    static func canonicalPath(_ path: String) -> String { path.isEmpty ? "/" : encode(path, keepSlash: true) }

    /// Parameters encoded, then sorted by name and value; `name=` for an empty value.
    public static func canonicalQuery(_ query: [(String, String)]) -> String {
        query.map { (encode($0.0), encode($0.1)) }
            .sorted { $0.0 != $1.0 ? $0.0 < $1.0 : $0.1 < $1.1 }
            .map { "\($0.0)=\($0.1)" }
            .joined(separator: "&")
    }

    static func foldSpaces(_ value: String) -> String {
        value.split(separator: " ", omittingEmptySubsequences: true).joined(separator: " ")
    }
}

/// The keys a request is signed with (AWS's conventions: `AWS_ACCESS_KEY_ID`, …).
public struct S3Credentials: Sendable, Equatable {
    public let accessKeyID: String
    public let secretAccessKey: String
    public let sessionToken: String?

    public init(accessKeyID: String, secretAccessKey: String, sessionToken: String? = nil) {
        self.accessKeyID = accessKeyID
        self.secretAccessKey = secretAccessKey
        self.sessionToken = sessionToken
    }
}
