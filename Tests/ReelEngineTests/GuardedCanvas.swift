import CFFmpeg
@testable import ReelEngine

/// A YUV 4:2:0 canvas whose planes lie inside one buffer laid out here, so that every byte around
/// them can be watched: each row is followed by `rowPad` bytes past the plane's width, and `margin`
/// bytes come before each plane's first row and after the last plane's last row. A write one pixel
/// left of a row lands in the previous row's pad (or the margin above row 0), one right of it in its
/// own pad, one row above or below in a margin or the pad of a neighbouring plane's rows.
///
/// Frames from `av_frame_get_buffer` cannot serve: their stride is the width rounded up to the
/// alignment, often with no pad at all (64 wide is 64), and what lies above and below a plane is
/// not ours to check. The buffer here is the frame's own reference-counted `buf[0]`, held once, so
/// `makeWritable` leaves the frame drawing into it instead of into a copy (`isInPlace` says so).
///
/// Guard bytes alternate 0x00 and 0xFF: the values furthest from any limited-range colour, so a
/// stray blend or store of a layer's pixel changes them. (A write that leaves a byte as it was
/// cannot be seen by any guard; the pixel checks of the tests catch misplaced visible writes.)
final class GuardedCanvas {
    static let rowPad = 8
    static let margin = 64

    /// Plane layout inside the buffer: first pixel's offset, bytes per row, visible size.
    private struct Plane { let offset: Int, stride: Int, width: Int, height: Int }

    let frame: Frame
    private let planes: [Plane]
    private let base: UnsafeMutablePointer<UInt8>
    private let size: Int

    /// A `width`×`height` canvas of one colour, its guard bytes set.
    init(width: Int, height: Int, y: UInt8 = 16, u: UInt8 = 128, v: UInt8 = 128) {
        let cw = (width + 1) / 2, ch = (height + 1) / 2
        var planes: [Plane] = [], offset = 0
        for (w, h) in [(width, height), (cw, ch), (cw, ch)] {
            offset += Self.margin
            planes.append(Plane(offset: offset, stride: w + Self.rowPad, width: w, height: h))
            offset += (w + Self.rowPad) * h
        }
        size = offset + Self.margin
        guard let buffer = av_buffer_alloc(size) else { fatalError("av_buffer_alloc: out of memory") }
        base = buffer.pointee.data
        for i in 0..<size { base[i] = Self.guardByte(i) }
        for (plane, value) in zip(planes, [y, u, v]) {
            for row in 0..<plane.height { (base + plane.offset + row * plane.stride).update(repeating: value, count: plane.width) }
        }
        self.planes = planes
        frame = Frame()
        let f = frame.pointer
        f.pointee.width = Int32(width)
        f.pointee.height = Int32(height)
        f.pointee.format = AV_PIX_FMT_YUV420P.rawValue
        f.pointee.buf.0 = buffer  // the frame owns the only reference: freed with it
        f.pointee.data.0 = base + planes[0].offset
        f.pointee.data.1 = base + planes[1].offset
        f.pointee.data.2 = base + planes[2].offset
        f.pointee.linesize.0 = Int32(planes[0].stride)
        f.pointee.linesize.1 = Int32(planes[1].stride)
        f.pointee.linesize.2 = Int32(planes[2].stride)
    }

    private static func guardByte(_ i: Int) -> UInt8 { i & 1 == 0 ? 0x00 : 0xFF }

    /// The frame still points into this buffer (it was not replaced by a copy).
    var isInPlace: Bool { (0..<3).allSatisfy { frame.data($0) == base + planes[$0].offset } }

    /// Every guard byte that no longer holds its pattern, by plane, row and column relative to the
    /// nearest plane's first pixel (row −1 is the margin above it, column ≥ width the row's pad).
    func damagedGuards() -> [String] {
        guard isInPlace else { return ["the canvas was replaced by a copy: its guards were not watched"] }
        var damaged: [String] = []
        for i in 0..<size where base[i] != Self.guardByte(i) {
            let p = planes.lastIndex { $0.offset - Self.margin <= i } ?? 0, plane = planes[p]
            let rel = i - plane.offset
            let row = rel >= 0 ? rel / plane.stride : -1 - (-rel - 1) / plane.stride
            let column = rel - row * plane.stride
            if row >= 0 && row < plane.height && column < plane.width { continue }  // a visible pixel
            damaged.append("plane \(p) row \(row) column \(column): \(base[i]) instead of \(Self.guardByte(i))")
        }
        return damaged
    }
}
