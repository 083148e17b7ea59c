import Foundation

/// Writes an animated GIF89a that loops forever, frame by frame: each frame indexed into its
/// scene's palette and stored as a delta of what is on screen already. Pixels that show the colour
/// they already show become the transparent index (255) over an undisposed previous frame, and the
/// frame is cropped to the rectangle that changed, so a still part of a picture costs almost
/// nothing. The first palette is the global colour table; a frame with another palette carries it
/// as a local table.
final class GIFWriter {
    static let transparentIndex: UInt8 = 255

    let width: Int
    let height: Int
    private let file: FileHandle
    private var lzw = LZWEncoder()
    private var globalPalette: [PaletteQuantizer.RGB]?
    /// What a viewer shows after the last frame, as 0xRRGGBB (empty before the first frame), and
    /// the buffer the next frame's colours are built in: the two are swapped after each frame, and
    /// with `cropped` they are kept between frames, so adding a frame allocates nothing.
    private var screen: [UInt32] = []
    private var shown: [UInt32] = []
    private var cropped: [UInt8] = []
    private var bytes: [UInt8] = []

    init(path: String, width: Int, height: Int) throws {
        guard FileManager.default.createFile(atPath: path, contents: nil), let handle = FileHandle(forWritingAtPath: path) else {
            throw SystemCallError(call: "open", errno: errno, doing: "creating \(path)")
        }
        file = handle
        self.width = width
        self.height = height
    }

    deinit { try? file.close() }

    /// Adds a frame shown for `delay` hundredths of a second: `indices` (width × height) into
    /// `palette` (at most 255 colours).
    func add(indices: [UInt8], palette: [PaletteQuantizer.RGB], delay: Int) throws {
        precondition(palette.count <= 255 && indices.count == width * height)
        if globalPalette == nil {
            globalPalette = palette
            writeHeader(palette)
        }
        let colors = palette.map { UInt32($0.r) << 16 | UInt32($0.g) << 8 | UInt32($0.b) }
        if shown.count != indices.count { shown = [UInt32](repeating: 0, count: indices.count) }
        for i in 0..<indices.count { shown[i] = colors[Int(indices[i])] }
        let first = screen.isEmpty
        // The rectangle that differs from the screen (all of it for the first frame).
        var box = (x0: 0, y0: 0, x1: width, y1: height)
        if !first {
            box = (width, height, 0, 0)
            for y in 0..<height {
                let row = y * width
                for x in 0..<width where shown[row + x] != screen[row + x] {
                    box = (min(box.x0, x), min(box.y0, y), max(box.x1, x + 1), max(box.y1, y + 1))
                }
            }
            if box.x0 >= box.x1 { box = (0, 0, 1, 1) }   // nothing changed: one transparent pixel
        }
        // The changed rectangle's indices; pixels that already show their colour see through.
        let w = box.x1 - box.x0, h = box.y1 - box.y0
        cropped.removeAll(keepingCapacity: true)
        for y in box.y0..<box.y1 {
            let row = y * width
            for i in row + box.x0..<row + box.x1 {
                cropped.append(!first && shown[i] == screen[i] ? GIFWriter.transparentIndex : indices[i])
            }
        }
        swap(&screen, &shown)
        // Graphic control: keep the previous frame under this one (disposal 1), index 255 see-through.
        bytes += [0x21, 0xF9, 0x04, 0x01 << 2 | 0x01]
        append16(max(1, min(65_535, delay)))
        bytes += [GIFWriter.transparentIndex, 0x00]
        bytes.append(0x2C)
        for v in [box.x0, box.y0, w, h] { append16(v) }
        if palette == globalPalette {
            bytes.append(0x00)
        } else {
            bytes.append(0x87)   // a local table of 256 entries
            appendTable(palette)
        }
        bytes += cropped.withUnsafeBufferPointer { lzw.encode($0) }
        try flush()
    }

    /// Writes the trailer; the file is complete.
    func finish() throws {
        if globalPalette == nil { writeHeader([]) }
        bytes.append(0x3B)
        try flush()
        try file.close()
    }

    private func writeHeader(_ palette: [PaletteQuantizer.RGB]) {
        bytes += Array("GIF89a".utf8)
        append16(width)
        append16(height)
        bytes += [0xF7, 0x00, 0x00]   // a global table of 256 entries, 8 bits a channel
        appendTable(palette)
        // NETSCAPE2.0: loop forever.
        bytes += [0x21, 0xFF, 0x0B] + Array("NETSCAPE2.0".utf8) + [0x03, 0x01, 0x00, 0x00, 0x00]
    }

    private func appendTable(_ palette: [PaletteQuantizer.RGB]) {
        for i in 0..<256 {
            let c = i < palette.count ? palette[i] : PaletteQuantizer.RGB(r: 0, g: 0, b: 0)
            bytes += [c.r, c.g, c.b]
        }
    }

    private func append16(_ v: Int) {
        bytes += [UInt8(truncatingIfNeeded: v), UInt8(truncatingIfNeeded: v >> 8)]
    }

    private func flush() throws {
        try file.write(contentsOf: bytes)
        bytes.removeAll(keepingCapacity: true)
    }
}
