import CFontconfig
import Foundation
import ReelBasics

/// The installed fonts as fontconfig sees them: whether a family exists, and for a family, weight and
/// style the faces to use in order (the best match first, then fallbacks sorted by closeness), each
/// with the characters it covers.
///
/// One configuration is loaded per process; fontconfig's queries are serialised on a lock, and the
/// candidate lists are cached (they do not change while the process runs).
final class FontLibrary: Sendable {
    static let shared = FontLibrary()

    /// fontconfig's configuration and what was looked up in it, behind one lock that every query
    /// holds (fontconfig's calls on one configuration are not to be made from two threads at once).
    private let state: Guarded<State>
    private struct State {
        let config: OpaquePointer?
        var chains: [Key: [FontCandidate]] = [:]
        var families: [String: Bool] = [:]
    }

    private struct Key: Hashable {
        let family: String?
        let weight: Int
        let italic: Bool
    }

    private init() {
        state = Guarded(State(config: FcInitLoadConfigAndFonts()))
    }

    deinit { state.withLock { if let config = $0.config { FcConfigDestroy(config) } } }

    /// True when some installed face lists `family` among its family names (case-insensitively, as
    /// fontconfig compares them).
    func hasFamily(_ family: String) -> Bool {
        state.withLock { s in
        if let known = s.families[family] { return known }
        let pattern = FontPattern()
        FcPatternAddString(pattern.handle, FC_FAMILY, family)
        let objects = FcObjectSetCreate()
        FcObjectSetAdd(objects, FC_FAMILY)
        defer { FcObjectSetDestroy(objects) }
        let set = FcFontList(s.config, pattern.handle, objects)
        defer { if let set { FcFontSetDestroy(set) } }
        let found = (set?.pointee.nfont ?? 0) > 0
        // Only families that exist are remembered: the names a client may ask for are unbounded.
        if found { s.families[family] = true }
        return found
        }
    }

    /// How many family names are remembered (tests: only installed ones are).
    var rememberedFamilies: Int { state.withLock { $0.families.count } }

    /// The faces for `family` (nil: the system's sans-serif) at `weight` (100–900) and style: the
    /// best match first, then every other face fontconfig would fall back to, closest first.
    func candidates(family: String?, weight: Int, italic: Bool) -> [FontCandidate] {
        let key = Key(family: family, weight: weight, italic: italic)
        return state.withLock { s in
        if let known = s.chains[key] { return known }
        let pattern = FontPattern()
        FcPatternAddString(pattern.handle, FC_FAMILY, family ?? "sans-serif")
        FcPatternAddInteger(pattern.handle, FC_WEIGHT, FcWeightFromOpenType(Int32(weight)))
        FcPatternAddInteger(pattern.handle, FC_SLANT, italic ? FC_SLANT_ITALIC : FC_SLANT_ROMAN)
        FcPatternAddBool(pattern.handle, FC_SCALABLE, FcBool(FcTrue))
        FcConfigSubstitute(s.config, pattern.handle, FcMatchPattern)
        FcDefaultSubstitute(pattern.handle)
        var result = FcResultMatch
        let set = FcFontSort(s.config, pattern.handle, FcBool(FcTrue), nil, &result)
        defer { if let set { FcFontSetDestroy(set) } }
        var out: [FontCandidate] = []
        if let set, let fonts = set.pointee.fonts {
            for i in 0..<Int(set.pointee.nfont) {
                guard let font = fonts[i], let candidate = FontCandidate(font) else { continue }
                out.append(candidate)
            }
        }
        s.chains[key] = out
        return out
        }
    }
}
