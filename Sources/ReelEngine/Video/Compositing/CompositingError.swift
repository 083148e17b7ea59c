import CFFmpeg

/// Why a compositing primitive (`LayerCompositor`, `PictureFilters`) refused a frame. Each case names
/// the operation and the frame's role, so a failed render says which picture was unusable and why.
public enum CompositingError: Error, CustomStringConvertible, Sendable, RetryClassifiable {
    /// The frame's pixel format is not one the operation works on (these primitives work on planar
    /// YUV 4:2:0 at the canvas's depth only, so that every inner loop is a plain loop over samples).
    case unsupportedFormat(operation: String, role: String, format: String, expected: String)
    /// A matte transition was blended without its matte picture (a fault of the caller).
    case missingMatte

    public var description: String {
        switch self {
        case let .unsupportedFormat(operation, role, format, expected):
            return "\(operation): the \(role) is \(format), expected \(expected)"
        case .missingMatte:
            return "blending a matte transition: its matte picture was not given"
        }
    }

    /// A frame in a format the primitive does not take fails the same way every time.
    public var isTransient: Bool { false }

    /// Throws `unsupportedFormat` unless `frame` has one of `formats`.
    static func require(_ frame: Frame, in formats: [AVPixelFormat], operation: String, role: String) throws {
        let format = frame.pixelFormat
        guard !formats.contains(format) else { return }
        throw CompositingError.unsupportedFormat(operation: operation, role: role, format: name(format),
                                                 expected: formats.map(name).joined(separator: " or "))
    }

    private static func name(_ format: AVPixelFormat) -> String {
        av_get_pix_fmt_name(format).map { String(cString: $0) } ?? "pixel format \(format.rawValue)"
    }
}
