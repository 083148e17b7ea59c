/// Entry points for the fuzz targets (`Sources/ReelFuzzTargets`): the request-head and chunked
/// parsers run on arbitrary bytes, and each checks a property beyond "does not crash": feeding the
/// same bytes in pieces gives the same answer as feeding them whole. A failed property traps, so
/// libFuzzer records the input.
public enum HTTPFuzzing {
    /// `bytes` as the start of a connection's input: the head is scanned whole and byte by byte
    /// (the two must agree), and a complete head is parsed.
    public static func head(_ bytes: [UInt8]) {
        var whole = HeadScanner(requestLineLimit: 256, headerLimit: 1024)
        let once = bytes.withUnsafeBufferPointer { whole.scan($0) }
        var stepped = HeadScanner(requestLineLimit: 256, headerLimit: 1024)
        var incremental = HeadScanner.Result.incomplete
        for n in 1...max(1, bytes.count) where n <= bytes.count {
            incremental = bytes.withUnsafeBufferPointer { stepped.scan(UnsafeBufferPointer(rebasing: $0[0..<n])) }
            if incremental != .incomplete { break }
        }
        precondition(bytes.isEmpty || sameOutcome(once, incremental), "scanning in pieces disagrees: \(once) vs \(incremental)")
        if case .complete(let length) = once {
            _ = bytes.withUnsafeBufferPointer {
                try? RequestHeadParser.parse(UnsafeBufferPointer(rebasing: $0[0..<length]), remoteAddress: "fuzz", requestID: "fuzz")
            }
        }
    }

    /// `bytes` as a chunked body: decoded whole and split at a point chosen from the input; the
    /// data, the bytes used and whether it failed must agree.
    public static func chunked(_ bytes: [UInt8]) {
        let whole = decode([bytes[...]])
        let cut = bytes.isEmpty ? 0 : Int(bytes[0]) % (bytes.count + 1)
        let split = decode([bytes[..<cut], bytes[cut...]])
        precondition(whole.failed == split.failed, "failure differs when split at \(cut)")
        if !whole.failed {
            precondition(whole.data == split.data && whole.used == split.used, "data differs when split at \(cut)")
        }
    }

    private static func decode(_ pieces: [ArraySlice<UInt8>]) -> (data: [UInt8], used: Int, failed: Bool) {
        var decoder = ChunkedDecoder(trailerLimit: 512, bodyLimit: 1 << 20)
        var data: [UInt8] = []
        var used = 0
        for piece in pieces {
            do {
                let n = try Array(piece).withUnsafeBufferPointer { buffer in
                    try decoder.decode(buffer) { data.append(contentsOf: $0) }
                }
                used += n
                if decoder.isDone { break }
            } catch {
                return (data, used, true)
            }
        }
        return (data, used, false)
    }

    private static func sameOutcome(_ a: HeadScanner.Result, _ b: HeadScanner.Result) -> Bool {
        switch (a, b) {
        case (.complete(let x), .complete(let y)): return x == y
        case (.failed(let x), .failed(let y)): return x.status == y.status
        case (.incomplete, .incomplete): return true
        default: return false
        }
    }
}
