import CFFmpeg
import CZimg

/// The colour space of the canvas, and so of the output: SDR video as players assume it (BT.709 for
/// HD and larger, BT.601 for SD), or HDR in BT.2020 with the HLG or PQ (ST 2084) transfer. Every
/// picture is converted into it before it is composited (Sources/ReelEngine/README.md (colour)), so the compositor works
/// in one space.
enum CanvasColor: Sendable {
    case bt601, bt709, hlg, pq

    /// The SDR space of an output `height` lines high.
    static func forOutput(height: Int) -> CanvasColor { height >= 720 ? .bt709 : .bt601 }

    var isHDR: Bool { self == .hlg || self == .pq }

    /// Kr and Kb of the Y′CbCr matrix.
    var coefficients: (kr: Double, kb: Double) {
        switch self {
        case .bt601: return (0.299, 0.114)
        case .bt709: return (0.2126, 0.0722)
        case .hlg, .pq: return (0.2627, 0.0593)
        }
    }

    /// The tags pictures and streams in this space carry.
    var avMatrix: AVColorSpace {
        switch self {
        case .bt601: return AVCOL_SPC_SMPTE170M
        case .bt709: return AVCOL_SPC_BT709
        case .hlg, .pq: return AVCOL_SPC_BT2020_NCL
        }
    }
    var avPrimaries: AVColorPrimaries {
        switch self {
        case .bt601: return AVCOL_PRI_SMPTE170M
        case .bt709: return AVCOL_PRI_BT709
        case .hlg, .pq: return AVCOL_PRI_BT2020
        }
    }
    var avTransfer: AVColorTransferCharacteristic {
        switch self {
        case .bt601: return AVCOL_TRC_SMPTE170M
        case .bt709: return AVCOL_TRC_BT709
        case .hlg: return AVCOL_TRC_ARIB_STD_B67
        case .pq: return AVCOL_TRC_SMPTE2084
        }
    }

    /// swscale's name for the matrix.
    var swsMatrix: Int32 {
        switch self {
        case .bt601: return SWS_CS_ITU601
        case .bt709: return SWS_CS_ITU709
        case .hlg, .pq: return SWS_CS_BT2020
        }
    }

    /// Tags `frame` as a picture of this space (limited range).
    func tag(_ frame: Frame) {
        frame.pointer.pointee.color_range = AVCOL_RANGE_MPEG
        frame.pointer.pointee.colorspace = avMatrix
        frame.pointer.pointee.color_primaries = avPrimaries
        frame.pointer.pointee.color_trc = avTransfer
    }

    /// What `ColorConverter` converts into: this space's matrix, and its primaries and transfer —
    /// BT.709's for both SDR spaces (BT.601's primaries and gamma are near enough BT.709's that
    /// SDR video of either is taken as it is, so a converted picture matches them).
    var conversionTarget: PictureColor {
        PictureColor(matrix: avMatrix, primaries: isHDR ? avPrimaries : AVCOL_PRI_BT709, transfer: isHDR ? avTransfer : AVCOL_TRC_BT709,
                     fullRange: false, chromaLocation: AVCHROMA_LOC_LEFT)
    }

    /// The largest light the space holds, in units of reference white (linear light, 1 = SDR white,
    /// 203 cd/m² for HDR): SDR 1; HLG its 1000 cd/m² nominal peak; PQ its 10 000 cd/m².
    var ceiling: Float {
        switch self {
        case .bt601, .bt709: return 1
        case .hlg: return 1000 / 203
        case .pq: return 10_000 / 203
        }
    }
}
