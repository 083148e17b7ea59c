/// The part of a dynamic block's header that sends its codes (RFC 1951 §3.2.7): the literal code's
/// 257 lengths and one distance code of one bit (never used: no block here has a match), each
/// length sent with the code-length code, whose own lengths come first.
struct CodeLengthsHeader {
    static let order = [16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15]
    let sent: [UInt8]
    let lengthCode: HuffmanCode
    let lengthCodesSent: Int

    init(literals: HuffmanCode) {
        sent = literals.lengths + [1]  // HLIT 257 literal/length codes, HDIST 1 distance code
        var counts = [Int](repeating: 0, count: 19)
        for l in sent { counts[Int(l)] += 1 }
        lengthCode = HuffmanCode(frequencies: counts, limit: 7)
        var n = 19
        while n > 4 && lengthCode.lengths[Self.order[n - 1]] == 0 { n -= 1 }
        lengthCodesSent = n
    }

    /// The bits `write` sends: HLIT, HDIST, HCLEN, the code-length code's lengths, then the lengths.
    var bitCount: Int { 5 + 5 + 4 + 3 * lengthCodesSent + sent.reduce(0) { $0 + Int(lengthCode.lengths[Int($1)]) } }

    func write(into bits: inout BitSink) {
        bits.write(0, 5)  // HLIT: 257 - 257
        bits.write(0, 5)  // HDIST: 1 - 1
        bits.write(UInt32(lengthCodesSent - 4), 4)
        for i in 0..<lengthCodesSent { bits.write(UInt32(lengthCode.lengths[Self.order[i]]), 3) }
        for l in sent { bits.write(UInt32(lengthCode.reversedCodes[Int(l)]), Int(lengthCode.lengths[Int(l)])) }
    }
}
