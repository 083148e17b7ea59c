import CFontconfig

/// An `FcPattern` owned by Swift, destroyed once.
final class FontPattern {
    let handle: OpaquePointer

    init() { handle = FcPatternCreate() }

    deinit { FcPatternDestroy(handle) }
}
