/// Body framing, persistence and expectations from the header fields (RFC 9112 §6, §9.3;
/// RFC 9110 §10.1.1). Ambiguous framing is refused, never guessed.
struct MessageFraming {
    let body: BodyFraming
    let keepAlive: Bool
    let expectsContinue: Bool

    init(headers: HTTPHeaders, version: String) throws {
        let isHTTP11 = version == "HTTP/1.1"
        let hosts = headers.values("Host")
        if hosts.count > 1 { throw RequestError.badRequest("more than one Host header") }
        if isHTTP11 && hosts.isEmpty { throw RequestError.badRequest("an HTTP/1.1 request without a Host header") }

        let lengths = headers.values("Content-Length")
        let encodings = headers.values("Transfer-Encoding")
        if !encodings.isEmpty {
            if !lengths.isEmpty { throw RequestError.badRequest("both Content-Length and Transfer-Encoding are present") }
            if !isHTTP11 { throw RequestError.badRequest("Transfer-Encoding in an HTTP/1.0 request") }
            body = try Self.transferCoding(encodings)
        } else if !lengths.isEmpty {
            body = .length(try Self.contentLength(lengths))
        } else {
            body = .none
        }

        let connection = ASCII.listElements(headers.values("Connection"))
        let close = connection.contains("close")
        keepAlive = isHTTP11 ? !close : (connection.contains("keep-alive") && !close)

        let expectations = ASCII.listElements(headers.values("Expect"))
        if expectations.contains(where: { $0 != "100-continue" }) {
            throw RequestError(417, "only the expectation 100-continue is supported")
        }
        expectsContinue = isHTTP11 && !expectations.isEmpty
    }

    static func transferCoding(_ values: [String]) throws -> BodyFraming {
        let codings = ASCII.listElements(values)
        guard !codings.isEmpty else { throw RequestError.badRequest("an empty Transfer-Encoding") }
        if codings == ["chunked"] { return .chunked }
        let unknown = codings.filter { $0 != "chunked" }
        if unknown.isEmpty { throw RequestError.badRequest("chunked is applied more than once") }
        guard unknown.allSatisfy({ ASCII.isToken($0.utf8.prefix { $0 != UInt8(ascii: ";") }) }) else {
            throw RequestError.badRequest("a malformed Transfer-Encoding")
        }
        throw RequestError(501, "the transfer coding \(unknown[0]) is not supported; only chunked is")
    }

    /// One length, possibly repeated identically (`5, 5` or two equal fields); anything else is a 400.
    static func contentLength(_ values: [String]) throws -> Int64 {
        let elements = values.flatMap { $0.split(separator: ",", omittingEmptySubsequences: false) }
        var length: Int64?
        for element in elements {
            let digits = ASCII.trimmed(Array(element.utf8))
            guard !digits.isEmpty, digits.allSatisfy({ (0x30...0x39).contains($0) }) else {
                throw RequestError.badRequest("Content-Length is not a number")
            }
            var value: Int64 = 0
            for digit in digits {
                let (times, overflow1) = value.multipliedReportingOverflow(by: 10)
                let (plus, overflow2) = times.addingReportingOverflow(Int64(digit - 0x30))
                guard !overflow1, !overflow2 else { throw RequestError.badRequest("Content-Length is too large") }
                value = plus
            }
            if let length, length != value { throw RequestError.badRequest("Content-Length values differ") }
            length = value
        }
        guard let length else { throw RequestError.badRequest("an empty Content-Length") }
        return length
    }
}
