/// Why a text block cannot be set: a character no font covers, a family that is not installed, a
/// font file FreeType cannot open, or a FreeType call that failed (with the call and its code).
public struct TextError: Error, CustomStringConvertible, Sendable, RetryClassifiable {
    public enum Reason: Sendable, Equatable {
        /// Characters (in text order, each once; the message names the first 20) that neither the requested font nor any fallback has.
        case missingGlyphs([Unicode.Scalar])
        case unknownFamily(String)
        case unreadableFont(path: String, code: Int32)
        case freeType(call: String, code: Int32)
        /// A text block whose picture (with its stroke, shadow and box) exceeds `TextPicture`'s limits.
        case tooLarge(width: Int, height: Int)
    }

    public let reason: Reason

    init(_ reason: Reason) { self.reason = reason }

    public var description: String {
        switch reason {
        case .missingGlyphs(let scalars):
            var names = scalars.prefix(TextError.listedCharacters).map { TextError.codePoint($0) }.joined(separator: ", ")
            if scalars.count > TextError.listedCharacters { names += " and \(scalars.count - TextError.listedCharacters) more" }
            return "has \(scalars.count == 1 ? "a character" : "characters") no installed font can draw: \(names)"
        case .unknownFamily(let family): return "font family \"\(family)\" is not installed"
        case let .unreadableFont(_, code): return "is not a font FreeType can open (FreeType error \(code))"
        case let .freeType(call, code): return "\(call) failed (FreeType error \(code))"
        case let .tooLarge(width, height):
            return "sets a text block of \(width)x\(height) pixels; at most \(TextPicture.maxSide) on a side and "
                + "\(TextPicture.maxArea >> 20) Mpx in all (use a smaller size or maxWidth)"
        }
    }

    /// How many missing characters a message names before counting the rest.
    static let listedCharacters = 20

    public var isTransient: Bool { false }

    /// `U+0041` style, with the character itself when it is printable.
    static func codePoint(_ s: Unicode.Scalar) -> String {
        let hex = String(s.value, radix: 16, uppercase: true)
        let code = "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
        switch s.properties.generalCategory {
        case .control, .format, .privateUse, .surrogate, .unassigned, .spaceSeparator, .lineSeparator, .paragraphSeparator:
            return code
        default:
            return "\(code) \"\(s)\""
        }
    }

    /// Throws a `.freeType` error for a non-zero FreeType result.
    static func check(_ code: Int32, _ call: String) throws {
        if code != 0 { throw TextError(.freeType(call: call, code: code)) }
    }
}
