/// Decodes the chunked transfer coding (RFC 9112 §7.1) incrementally, as bytes arrive. Chunk
/// extensions are ignored, trailer fields discarded; sizes of 2^60 bytes or more are refused, so no
/// size arithmetic can overflow, and size lines and trailers are bounded.
struct ChunkedDecoder {
    private enum Phase {
        case size
        case data(remaining: UInt64)
        case dataEnd(sawCR: Bool)
        case trailer
        case done
    }

    /// Longest chunk-size line (with extensions) accepted.
    static let lineLimit = 4096

    private var phase = Phase.size
    private var line: [UInt8] = []
    private var trailerBytes = 0
    private let trailerLimit: Int
    private let bodyLimit: UInt64
    private var declared: UInt64 = 0

    /// `bodyLimit` refuses (413) a chunk whose announced size would take the body past it, before
    /// its data is read.
    init(trailerLimit: Int, bodyLimit: Int64 = Int64.max) {
        self.trailerLimit = trailerLimit
        self.bodyLimit = UInt64(max(0, bodyLimit))
    }

    var isDone: Bool {
        if case .done = phase { return true }
        return false
    }

    /// Decodes from the start of `input`, passing chunk data to `emit`. Returns the number of bytes
    /// used: all of them unless the body ended (what follows belongs to the next request).
    mutating func decode(_ input: UnsafeBufferPointer<UInt8>, emit: (UnsafeBufferPointer<UInt8>) throws -> Void) throws -> Int {
        var i = 0
        let n = input.count
        while i < n {
            switch phase {
            case .done:
                return i
            case .size, .trailer:
                var j = i
                while j < n && input[j] != ASCII.lf { j += 1 }
                let lineBytes = line.count + (j - i)
                if case .size = phase, lineBytes > Self.lineLimit {
                    throw RequestError.badRequest("a chunk-size line is longer than \(Self.lineLimit) bytes")
                }
                if case .trailer = phase, trailerBytes + lineBytes > trailerLimit {
                    throw RequestError(431, "the trailer fields are larger than \(trailerLimit) bytes")
                }
                line.append(contentsOf: UnsafeBufferPointer(rebasing: input[i..<j]))
                guard j < n else { return n }
                i = j + 1
                if line.last == ASCII.cr { line.removeLast() }
                try endLine()
            case .data(let remaining):
                let take = Int(min(remaining, UInt64(n - i)))
                try emit(UnsafeBufferPointer(rebasing: input[i..<(i + take)]))
                i += take
                let left = remaining - UInt64(take)
                phase = left == 0 ? .dataEnd(sawCR: false) : .data(remaining: left)
            case .dataEnd(let sawCR):
                let byte = input[i]
                i += 1
                if byte == ASCII.cr && !sawCR {
                    phase = .dataEnd(sawCR: true)
                } else if byte == ASCII.lf {
                    phase = .size
                } else {
                    throw RequestError.badRequest("chunk data is not followed by CRLF")
                }
            }
        }
        return i
    }

    private mutating func endLine() throws {
        defer { line.removeAll(keepingCapacity: true) }
        if case .size = phase {
            let size = try Self.parseSize(line)
            declared += size  // both below 2^60 after the check: no overflow
            guard declared <= bodyLimit else {
                throw RequestError(413, bodyLimit == 0 ? "this request takes no body" : "the body is larger than \(bodyLimit) bytes")
            }
            phase = size == 0 ? .trailer : .data(remaining: size)
        } else if line.isEmpty {
            phase = .done
        } else {
            trailerBytes += line.count + 2
            _ = try RequestHeadParser.parseField(line)  // a malformed trailer is as bad as a malformed header
        }
    }

    /// `1a2b`, optionally followed by whitespace and `;extensions`.
    static func parseSize(_ line: [UInt8]) throws -> UInt64 {
        var value: UInt64 = 0
        var digits = 0
        var significant = 0
        var index = 0
        while index < line.count, let digit = ASCII.hexValue(line[index]) {
            if value != 0 || digit != 0 { significant += 1 }
            guard significant <= 15 else { throw RequestError.badRequest("a chunk size of 2^60 bytes or more") }
            value = value << 4 | UInt64(digit)
            digits += 1
            index += 1
        }
        guard digits > 0 else { throw RequestError.badRequest("an invalid chunk size") }
        while index < line.count, ASCII.isWhitespace(line[index]) { index += 1 }
        guard index == line.count || line[index] == UInt8(ascii: ";") else {
            throw RequestError.badRequest("an invalid chunk size")
        }
        guard line[index...].allSatisfy(ASCII.isFieldValueByte) else {
            throw RequestError.badRequest("a chunk extension contains a control byte")
        }
        return value
    }
}
