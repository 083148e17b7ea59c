/// Splits a request target (RFC 9112 §3.2) into the decoded path and query. Accepts origin-form
/// (`/a?b`), absolute-form (`http://host/a?b`) and `*` for OPTIONS; anything else is a 400.
enum RequestTarget {
    static func parse(_ target: [UInt8], method: String) throws -> (path: String, query: [(name: String, value: String)]) {
        if target == [UInt8(ascii: "*")] {
            guard method == "OPTIONS" else { throw RequestError.badRequest("the target * is only allowed with OPTIONS") }
            return ("*", [])
        }
        guard !target.contains(UInt8(ascii: "#")) else { throw RequestError.badRequest("the request target contains a fragment") }
        var rest = target[...]
        if target.first != UInt8(ascii: "/") {
            let lower = target.map(ASCII.lowercased)
            let scheme: Int
            if lower.starts(with: Array("http://".utf8)) { scheme = 7 } else if lower.starts(with: Array("https://".utf8)) { scheme = 8 } else {
                throw RequestError.badRequest("the request target is neither a path nor an http(s) URL")
            }
            let afterScheme = target[scheme...]
            if let slash = afterScheme.firstIndex(where: { $0 == UInt8(ascii: "/") || $0 == UInt8(ascii: "?") }) {
                rest = target[slash...]
            } else {
                rest = []
            }
            guard afterScheme.first.map({ $0 != UInt8(ascii: "/") && $0 != UInt8(ascii: "?") }) ?? false else {
                throw RequestError.badRequest("the request URL has no host")
            }
        }
        let question = rest.firstIndex(of: UInt8(ascii: "?"))
        var rawPath = question.map { rest[..<$0] } ?? rest
        if rawPath.isEmpty { rawPath = [UInt8(ascii: "/")][...] }
        guard let path = PercentDecoding.decode(rawPath, plusAsSpace: false) else {
            throw RequestError.badRequest("the path has an invalid percent-escape or is not UTF-8")
        }
        var query: [(name: String, value: String)] = []
        if let question {
            guard let pairs = PercentDecoding.query(rest[rest.index(after: question)...]) else {
                throw RequestError.badRequest("the query has an invalid percent-escape or is not UTF-8")
            }
            query = pairs
        }
        return (path, query)
    }
}
