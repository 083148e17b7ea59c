/// The Y′CbCr matrix of the output. HD and larger use BT.709; SD uses BT.601, as players assume.
enum ColorMatrix: Sendable {
    case bt601, bt709

    static func forOutput(height: Int) -> ColorMatrix { height >= 720 ? .bt709 : .bt601 }

    var coefficients: (kr: Double, kb: Double) {
        switch self {
        case .bt601: return (0.299, 0.114)
        case .bt709: return (0.2126, 0.0722)
        }
    }
}
