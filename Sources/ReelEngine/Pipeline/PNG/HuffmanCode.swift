/// A canonical Huffman code as DEFLATE defines it (RFC 1951 §3.2.2): each symbol's length in bits
/// (0 for a symbol not used), no length over `limit`, and codes assigned in symbol order within
/// each length. The codes are kept bit-reversed, since DEFLATE packs bits from the least
/// significant end but sends a Huffman code from its first bit.
struct HuffmanCode {
    let lengths: [UInt8]
    let reversedCodes: [UInt16]

    /// The optimal code for `frequencies` within `limit` bits. Past the limit (only a very skewed
    /// count gets there) the frequencies are halved, 1 kept for a used symbol, until it fits: all
    /// ones give a balanced tree, which fits any alphabet DEFLATE has (≤ 288 symbols in 15 bits,
    /// 19 in 7).
    init(frequencies: [Int], limit: Int) {
        var counts = frequencies
        var lengths = Self.optimalLengths(counts)
        while let longest = lengths.max(), Int(longest) > limit {
            counts = counts.map { $0 == 0 ? 0 : max(1, $0 >> 1) }
            lengths = Self.optimalLengths(counts)
        }
        self.lengths = lengths
        reversedCodes = Self.canonicalCodes(lengths)
    }

    /// Huffman's lengths by the two-queue method: leaves sorted by count, internal nodes made in
    /// non-decreasing weight order, so the lighter front of the two queues is always the next.
    private static func optimalLengths(_ counts: [Int]) -> [UInt8] {
        var lengths = [UInt8](repeating: 0, count: counts.count)
        let leaves = counts.indices.filter { counts[$0] > 0 }.sorted { (counts[$0], $0) < (counts[$1], $1) }
        if leaves.count == 1 { lengths[leaves[0]] = 1 }  // one code of one bit, as RFC 1951 allows
        guard leaves.count > 1 else { return lengths }
        let n = leaves.count
        var weight = leaves.map { counts[$0] }
        weight.reserveCapacity(2 * n - 1)
        var parent = [Int](repeating: 0, count: 2 * n - 1)
        var nextLeaf = 0, nextInner = n
        func lightest() -> Int {
            if nextLeaf < n && (nextInner >= weight.count || weight[nextLeaf] <= weight[nextInner]) {
                nextLeaf += 1
                return nextLeaf - 1
            }
            nextInner += 1
            return nextInner - 1
        }
        while weight.count < 2 * n - 1 {
            let a = lightest(), b = lightest()
            parent[a] = weight.count
            parent[b] = weight.count
            weight.append(weight[a] + weight[b])
        }
        // A parent is made after its children, so depths fill in from the root down.
        var depth = [Int](repeating: 0, count: 2 * n - 1)
        for node in stride(from: 2 * n - 3, through: 0, by: -1) { depth[node] = depth[parent[node]] + 1 }
        for (i, symbol) in leaves.enumerated() { lengths[symbol] = UInt8(depth[i]) }
        return lengths
    }

    /// RFC 1951's assignment: codes of each length counted up from where the shorter ones end, in
    /// symbol order; each then reversed for sending.
    private static func canonicalCodes(_ lengths: [UInt8]) -> [UInt16] {
        var perLength = [Int](repeating: 0, count: 16)
        for l in lengths where l > 0 { perLength[Int(l)] += 1 }
        var next = [Int](repeating: 0, count: 16)
        var code = 0
        for bits in 1..<16 {
            code = (code + perLength[bits - 1]) << 1
            next[bits] = code
        }
        return lengths.map { l in
            guard l > 0 else { return 0 }
            let c = next[Int(l)]
            next[Int(l)] += 1
            var reversed = 0
            for bit in 0..<Int(l) where c & (1 << bit) != 0 { reversed |= 1 << (Int(l) - 1 - bit) }
            return UInt16(reversed)
        }
    }
}
