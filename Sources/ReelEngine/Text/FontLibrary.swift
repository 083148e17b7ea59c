import CFontconfig
import Foundation

/// The installed fonts as fontconfig sees them: whether a family exists, and for a family, weight and
/// style the faces to use in order (the best match first, then fallbacks sorted by closeness), each
/// with the characters it covers.
///
/// One configuration is loaded per process; fontconfig's queries are serialised on a lock, and the
/// candidate lists are cached (they do not change while the process runs).
final class FontLibrary: @unchecked Sendable {
    static let shared = FontLibrary()

    private let config: OpaquePointer?
    private let lock = NSLock()
    private var chains: [Key: [FontCandidate]] = [:]
    private var families: [String: Bool] = [:]

    private struct Key: Hashable {
        let family: String?
        let weight: Int
        let italic: Bool
    }

    private init() {
        config = FcInitLoadConfigAndFonts()
    }

    deinit { if let config { FcConfigDestroy(config) } }

    /// True when some installed face lists `family` among its family names (case-insensitively, as
    /// fontconfig compares them).
    func hasFamily(_ family: String) -> Bool {
        lock.lock()
        defer { lock.unlock() }
        if let known = families[family] { return known }
        let pattern = FontPattern()
        FcPatternAddString(pattern.handle, FC_FAMILY, family)
        let objects = FcObjectSetCreate()
        FcObjectSetAdd(objects, FC_FAMILY)
        defer { FcObjectSetDestroy(objects) }
        let set = FcFontList(config, pattern.handle, objects)
        defer { if let set { FcFontSetDestroy(set) } }
        let found = (set?.pointee.nfont ?? 0) > 0
        // Only families that exist are remembered: the names a client may ask for are unbounded.
        if found { families[family] = true }
        return found
    }

    /// How many family names are remembered (tests: only installed ones are).
    var rememberedFamilies: Int {
        lock.lock()
        defer { lock.unlock() }
        return families.count
    }

    /// The faces for `family` (nil: the system's sans-serif) at `weight` (100–900) and style: the
    /// best match first, then every other face fontconfig would fall back to, closest first.
    func candidates(family: String?, weight: Int, italic: Bool) -> [FontCandidate] {
        let key = Key(family: family, weight: weight, italic: italic)
        lock.lock()
        defer { lock.unlock() }
        if let known = chains[key] { return known }
        let pattern = FontPattern()
        FcPatternAddString(pattern.handle, FC_FAMILY, family ?? "sans-serif")
        FcPatternAddInteger(pattern.handle, FC_WEIGHT, FcWeightFromOpenType(Int32(weight)))
        FcPatternAddInteger(pattern.handle, FC_SLANT, italic ? FC_SLANT_ITALIC : FC_SLANT_ROMAN)
        FcPatternAddBool(pattern.handle, FC_SCALABLE, FcBool(FcTrue))
        FcConfigSubstitute(config, pattern.handle, FcMatchPattern)
        FcDefaultSubstitute(pattern.handle)
        var result = FcResultMatch
        let set = FcFontSort(config, pattern.handle, FcBool(FcTrue), nil, &result)
        defer { if let set { FcFontSetDestroy(set) } }
        var out: [FontCandidate] = []
        if let set, let fonts = set.pointee.fonts {
            for i in 0..<Int(set.pointee.nfont) {
                guard let font = fonts[i], let candidate = FontCandidate(font) else { continue }
                out.append(candidate)
            }
        }
        chains[key] = out
        return out
    }
}
