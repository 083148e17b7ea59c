import CImageQuant
import Foundation

/// Chooses one palette for a run of RGBA pictures and maps each onto it, dithered: libimagequant
/// (the quantiser of pngquant and gifski), one histogram over every picture of the run, so a scene
/// keeps one palette and its unchanged pixels stay unchanged from frame to frame.
///
/// Owns the `liq_attr`; each run's histogram, images and result are freed before `quantize`
/// returns. 255 colours at most: GIF's 256th index is kept for transparency.
final class PaletteQuantizer {
    private let attributes: OpaquePointer

    /// `speed` is libimagequant's 1 (best) … 10 (fastest); its default, 4, is pngquant's.
    init(speed: Int = 4) throws {
        guard let attr = liq_attr_create() else { throw QuantizerError(call: "liq_attr_create", code: LIQ_OUT_OF_MEMORY) }
        attributes = attr
        try QuantizerError.check(liq_set_max_colors(attr, 255), "liq_set_max_colors")
        try QuantizerError.check(liq_set_speed(attr, Int32(speed)), "liq_set_speed")
    }

    deinit { liq_attr_destroy(attributes) }

    /// The palette (at most 255 entries, opaque RGB) and, for each picture, its `width × height`
    /// indices into it, Floyd–Steinberg dithered at full strength. Each picture is packed RGBA.
    func quantize(_ pictures: [[UInt8]], width: Int, height: Int) throws -> (palette: [RGB], indices: [[UInt8]]) {
        guard let histogram = liq_histogram_create(attributes) else {
            throw QuantizerError(call: "liq_histogram_create", code: LIQ_OUT_OF_MEMORY)
        }
        defer { liq_histogram_destroy(histogram) }
        for picture in pictures {
            try picture.withUnsafeBytes { bytes in
                let image = try makeImage(bytes, width: width, height: height)
                defer { liq_image_destroy(image) }
                try QuantizerError.check(liq_histogram_add_image(histogram, attributes, image), "liq_histogram_add_image")
            }
        }
        var resultPointer: OpaquePointer?
        try QuantizerError.check(liq_histogram_quantize(histogram, attributes, &resultPointer), "liq_histogram_quantize")
        guard let result = resultPointer else { throw QuantizerError(call: "liq_histogram_quantize", code: LIQ_OUT_OF_MEMORY) }
        defer { liq_result_destroy(result) }
        try QuantizerError.check(liq_set_dithering_level(result, 1), "liq_set_dithering_level")
        var indices: [[UInt8]] = []
        for picture in pictures {
            var out = [UInt8](repeating: 0, count: width * height)
            try picture.withUnsafeBytes { bytes in
                let image = try makeImage(bytes, width: width, height: height)
                defer { liq_image_destroy(image) }
                try out.withUnsafeMutableBytes { target in
                    try QuantizerError.check(liq_write_remapped_image(result, image, target.baseAddress!, target.count),
                                             "liq_write_remapped_image")
                }
            }
            indices.append(out)
        }
        // The palette is read after remapping: libimagequant refines it while it remaps.
        guard let palette = liq_get_palette(result) else { throw QuantizerError(call: "liq_get_palette", code: LIQ_OUT_OF_MEMORY) }
        let count = Int(palette.pointee.count)
        let colors = withUnsafeBytes(of: palette.pointee.entries) { raw in
            (0..<count).map { i in RGB(r: raw[i * 4], g: raw[i * 4 + 1], b: raw[i * 4 + 2]) }
        }
        return (colors, indices)
    }

    /// A `liq_image` over `bytes`, which must outlive it (libimagequant reads the caller's memory).
    private func makeImage(_ bytes: UnsafeRawBufferPointer, width: Int, height: Int) throws -> OpaquePointer {
        guard let image = liq_image_create_rgba(attributes, bytes.baseAddress!, Int32(width), Int32(height), 0) else {
            throw QuantizerError(call: "liq_image_create_rgba", code: LIQ_INVALID_POINTER)
        }
        return image
    }

    /// One palette colour.
    struct RGB: Equatable {
        var r: UInt8, g: UInt8, b: UInt8
    }
}
