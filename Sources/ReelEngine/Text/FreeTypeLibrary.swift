import CFreeType

/// One FreeType library instance. FreeType objects are not thread-safe, so each text block owns its
/// library, and the faces made from it keep it alive.
final class FreeTypeLibrary {
    let handle: FT_Library

    init() throws {
        var lib: FT_Library?
        try TextError.check(FT_Init_FreeType(&lib), "FT_Init_FreeType")
        guard let lib else { throw TextError(.freeType(call: "FT_Init_FreeType", code: -1)) }
        handle = lib
    }

    deinit { FT_Done_FreeType(handle) }
}
