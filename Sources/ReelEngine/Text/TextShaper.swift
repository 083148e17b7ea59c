import CHarfBuzz

/// Shapes runs of text with HarfBuzz: ligatures, kerning, Arabic joining, Indic reordering and
/// mark positioning. A run is one face, one direction and one script; the whole paragraph is given
/// as context, so letters join across the runs' edges as they would in one string.
final class TextShaper {
    private let buffer: OpaquePointer

    init() { buffer = hb_buffer_create() }

    deinit { hb_buffer_destroy(buffer) }

    /// The glyphs of `paragraph[run]` in visual order (left to right, also for a right-to-left run).
    /// `faceIndex` is recorded in each glyph for the caller's face table.
    func shape(_ paragraph: [UInt32], run: Range<Int>, face: FontFace, faceIndex: Int, rightToLeft: Bool,
               script: hb_script_t) -> [ShapedGlyph] {
        hb_buffer_reset(buffer)
        paragraph.withUnsafeBufferPointer { p in
            hb_buffer_add_utf32(buffer, p.baseAddress, Int32(p.count), UInt32(run.lowerBound), Int32(run.count))
        }
        hb_buffer_set_direction(buffer, rightToLeft ? HB_DIRECTION_RTL : HB_DIRECTION_LTR)
        hb_buffer_set_script(buffer, script)
        // No language: the process's locale (which `hb_language_get_default` reads, racily on its
        // first call) must not change how a job's text is shaped.
        hb_shape(face.font, buffer, nil, 0)
        var count: UInt32 = 0
        guard let infos = hb_buffer_get_glyph_infos(buffer, &count), let positions = hb_buffer_get_glyph_positions(buffer, &count)
        else { return [] }
        return (0..<Int(count)).map { i in
            ShapedGlyph(face: faceIndex, glyph: infos[i].codepoint, cluster: Int(infos[i].cluster),
                        advance: Double(positions[i].x_advance) / 64, offsetX: Double(positions[i].x_offset) / 64,
                        offsetY: Double(positions[i].y_offset) / 64)
        }
    }

    /// Each scalar's script, with Common and Inherited characters (spaces, punctuation, marks)
    /// taking the script of the text around them, so they shape with their neighbours.
    static func scripts(_ scalars: [UInt32]) -> [hb_script_t] {
        let funcs = hb_unicode_funcs_get_default()
        var raw = scalars.map { hb_unicode_script(funcs, $0) }
        let neutral: Set<UInt32> = [HB_SCRIPT_COMMON.rawValue, HB_SCRIPT_INHERITED.rawValue, HB_SCRIPT_UNKNOWN.rawValue]
        var last: hb_script_t?
        for i in raw.indices {
            if neutral.contains(raw[i].rawValue) {
                if let last { raw[i] = last }
            } else {
                last = raw[i]
            }
        }
        // Neutrals before the first real script take the first one after them.
        if let first = raw.first(where: { !neutral.contains($0.rawValue) }) {
            for i in raw.indices where neutral.contains(raw[i].rawValue) { raw[i] = first }
        }
        return raw
    }
}
