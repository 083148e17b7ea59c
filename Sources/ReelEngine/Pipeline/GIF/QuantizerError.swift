import CImageQuant

/// A failed libimagequant call: which one, and its `liq_error`.
struct QuantizerError: Error, CustomStringConvertible, RetryClassifiable {
    let call: String
    let code: liq_error

    var description: String { "\(call) failed (liq_error \(code.rawValue))" }

    /// Out of memory may pass; anything else is a picture the quantiser refuses.
    var isTransient: Bool { code == LIQ_OUT_OF_MEMORY }

    static func check(_ code: liq_error, _ call: String) throws {
        if code != LIQ_OK { throw QuantizerError(call: call, code: code) }
    }
}
