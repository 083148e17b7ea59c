import CUnibreak

/// UAX #14 line-break opportunities (libunibreak): after which characters a line may end (spaces in
/// Latin, between ideographs in CJK) or must end.
enum LineBreaker {
    enum Opportunity: Equatable { case must, allowed, none }

    /// libunibreak's tables are built once per process.
    private static let initialized: Bool = {
        init_linebreak()
        return true
    }()

    /// The opportunity after each scalar of `scalars` (the last is always `.must`).
    static func opportunities(_ scalars: [UInt32], language: String? = nil) -> [Opportunity] {
        guard !scalars.isEmpty else { return [] }
        _ = initialized
        var breaks = [CChar](repeating: 0, count: scalars.count)
        scalars.withUnsafeBufferPointer { s in
            if let language {
                set_linebreaks_utf32(s.baseAddress, scalars.count, language, &breaks)
            } else {
                set_linebreaks_utf32(s.baseAddress, scalars.count, nil, &breaks)
            }
        }
        return breaks.map {
            switch Int32($0) {
            case LINEBREAK_MUSTBREAK: return .must
            case LINEBREAK_ALLOWBREAK: return .allowed
            default: return .none
            }
        }
    }
}
