/// H.264 NAL units in the two framings a stream can come in: Annex B (start codes, as x264 and
/// MPEG-TS write them) and ISO/IEC 14496-15 (each unit after a big-endian length of 1, 2 or 4
/// bytes, as MP4 and Matroska store them). A spliced MP4 stream is written with 4-byte lengths.
enum NALUnits {
    /// H.264 `nal_unit_type`s Reel looks at.
    static let idrSlice: UInt8 = 5
    static let sps: UInt8 = 7
    static let pps: UInt8 = 8

    /// The units of an Annex B buffer (start codes of 3 or 4 bytes removed, trailing zeros kept
    /// off).
    static func splitAnnexB(_ bytes: UnsafeBufferPointer<UInt8>) -> [ArraySlice<UInt8>] {
        let all = Array(bytes)
        var starts: [(code: Int, payload: Int)] = []
        var i = 0
        while i + 2 < all.count {
            if all[i] == 0 && all[i + 1] == 0 && all[i + 2] == 1 {
                starts.append((i, i + 3))
                i += 3
            } else {
                i += 1
            }
        }
        var units: [ArraySlice<UInt8>] = []
        for (n, s) in starts.enumerated() {
            var end = n + 1 < starts.count ? starts[n + 1].code : all.count
            while end > s.payload && all[end - 1] == 0 { end -= 1 }
            if end > s.payload { units.append(all[s.payload..<end]) }
        }
        return units
    }

    /// The units of a length-prefixed buffer; nil when a length runs past the end (damaged data).
    static func splitLengthPrefixed(_ bytes: UnsafeBufferPointer<UInt8>, lengthSize: Int) -> [ArraySlice<UInt8>]? {
        var units: [ArraySlice<UInt8>] = []
        var i = 0
        while i + lengthSize <= bytes.count {
            var length = 0
            for k in 0..<lengthSize { length = length << 8 | Int(bytes[i + k]) }
            i += lengthSize
            guard length <= bytes.count - i else { return nil }
            if length > 0 { units.append(Array(bytes[i..<(i + length)])[...]) }
            i += length
        }
        return i == bytes.count ? units : nil
    }

    /// True when a length-prefixed access unit holds an IDR slice; false when it does not or cannot
    /// be read.
    static func containsIDR(_ bytes: UnsafeBufferPointer<UInt8>, lengthSize: Int) -> Bool {
        var i = 0
        while i + lengthSize < bytes.count {
            var length = 0
            for k in 0..<lengthSize { length = length << 8 | Int(bytes[i + k]) }
            i += lengthSize
            guard length > 0, length <= bytes.count - i else { return false }
            if bytes[i] & 0x1F == idrSlice { return true }
            i += length
        }
        return false
    }

    /// Units joined with 4-byte big-endian lengths (MP4's framing, `lengthSizeMinusOne` = 3).
    static func lengthPrefixed(_ units: [ArraySlice<UInt8>]) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(units.reduce(0) { $0 + $1.count + 4 })
        for u in units {
            let n = UInt32(u.count)
            out += [UInt8(n >> 24), UInt8(n >> 16 & 0xFF), UInt8(n >> 8 & 0xFF), UInt8(n & 0xFF)]
            out += u
        }
        return out
    }

    /// The unit's RBSP with emulation-prevention bytes (`00 00 03`) removed, up to `limit` bytes:
    /// enough to read the leading fields of a parameter set.
    static func rbsp(_ unit: ArraySlice<UInt8>, limit: Int = 64) -> [UInt8] {
        var out: [UInt8] = []
        var zeros = 0
        for b in unit.dropFirst() {
            if zeros >= 2 && b == 3 { zeros = 0; continue }
            out.append(b)
            zeros = b == 0 ? zeros + 1 : 0
            if out.count >= limit { break }
        }
        return out
    }
}
