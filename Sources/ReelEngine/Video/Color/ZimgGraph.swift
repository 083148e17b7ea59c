import CZimg
import Foundation

/// Owns one zimg filter graph (a conversion between two picture formats: size, pixel type,
/// subsampling, matrix, transfer, primaries, range) and the scratch memory it runs in; both are
/// freed exactly once.
final class ZimgGraph {
    private let graph: OpaquePointer
    private let scratch: UnsafeMutableRawPointer

    init(from source: zimg_image_format, to target: zimg_image_format, params: zimg_graph_builder_params) throws {
        var (s, t, p) = (source, target, params)
        guard let built = zimg_filter_graph_build(&s, &t, &p) else { throw ColorConversionError("zimg: " + Self.lastError()) }
        var size = 0
        var memory: UnsafeMutableRawPointer?
        guard zimg_filter_graph_get_tmp_size(built, &size) == ZIMG_ERROR_SUCCESS,
              posix_memalign(&memory, 64, max(size, 64)) == 0, let memory else {
            zimg_filter_graph_free(built)
            throw ColorConversionError("zimg: no scratch memory for the conversion")
        }
        graph = built
        scratch = memory
    }

    deinit {
        zimg_filter_graph_free(graph)
        free(scratch)
    }

    /// Runs the graph over whole planes (`ZIMG_BUFFER_MAX`): `source` and `target` give each
    /// plane's first byte and its stride in bytes, in zimg's plane order (R, G, B or Y, U, V).
    func process(_ source: [(UnsafeRawPointer, Int)], into target: [(UnsafeMutableRawPointer, Int)]) throws {
        var src = zimg_image_buffer_const()
        src.version = reel_zimg_api_version()
        var dst = zimg_image_buffer()
        dst.version = reel_zimg_api_version()
        for (i, p) in source.prefix(4).enumerated() { reel_zimg_set_source_plane(&src, UInt32(i), p.0, p.1) }
        for (i, p) in target.prefix(4).enumerated() { reel_zimg_set_target_plane(&dst, UInt32(i), p.0, p.1) }
        let code = zimg_filter_graph_process(graph, &src, &dst, scratch, nil, nil, nil, nil)
        guard code == ZIMG_ERROR_SUCCESS else { throw ColorConversionError("zimg: " + Self.lastError()) }
    }

    static func lastError() -> String {
        var buffer = [CChar](repeating: 0, count: 256)
        let code = zimg_get_last_error(&buffer, buffer.count)
        return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self) + " (error \(code.rawValue))"
    }

    /// A format with zimg's defaults for this API version.
    static func format() -> zimg_image_format {
        var f = zimg_image_format()
        zimg_image_format_default(&f, reel_zimg_api_version())
        return f
    }

    static func params() -> zimg_graph_builder_params {
        var p = zimg_graph_builder_params()
        zimg_graph_builder_params_default(&p, reel_zimg_api_version())
        return p
    }
}
