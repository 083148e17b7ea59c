/// Limited-range Y′CbCr ⇄ gamma-encoded R′G′B′ (0…1) with a canvas's coefficients, at a sample
/// depth: what the blend modes compute in. (HDR canvases use BT.2020's coefficients on their
/// HLG or PQ signal.)
struct YCbCrMatrix {
    let kr: Double
    let kb: Double
    /// 219 or 876: the luma samples from black to white.
    let lumaRange: Double
    private let lumaBlack: Double
    private let chromaRange: Double
    private let neutral: Double
    /// Reciprocals and products worked out once: these run for every pixel a blend mode touches,
    /// where a division costs several multiplications.
    private let perLuma: Double, perChroma: Double, perGreen: Double, kg: Double
    private let crToR: Double, cbToB: Double, bToCb: Double, rToCr: Double
    /// How far from grey a grey can come back from Y′CbCr: a still's conversion and 4:2:0 chroma
    /// leave a sample or two of chroma (each moves R′ or B′ by up to 1.9/224 of full scale), and a
    /// translucent layer's colour is divided by its alpha; 6 luma samples' worth (2.7 % of full
    /// scale) covers them. Hue and saturation of a colour that close to grey are noise.
    let greyNoise: Double

    init(_ color: CanvasColor, depth bits: Int32) {
        (kr, kb) = color.coefficients
        let scale = Double(1 << (bits - 8))
        lumaBlack = 16 * scale
        lumaRange = 219 * scale
        chromaRange = 224 * scale
        neutral = 128 * scale
        perLuma = 1 / lumaRange
        perChroma = 1 / chromaRange
        kg = 1 - kr - kb
        perGreen = 1 / kg
        crToR = 2 * (1 - kr)
        cbToB = 2 * (1 - kb)
        bToCb = chromaRange / (2 * (1 - kb))
        rToCr = chromaRange / (2 * (1 - kr))
        greyNoise = 6 / lumaRange
    }

    @inline(__always)
    func rgb(_ y: Double, _ cb: Double, _ cr: Double) -> BlendFormulas.RGB {
        let l = (y - lumaBlack) * perLuma, pb = (cb - neutral) * perChroma, pr = (cr - neutral) * perChroma
        let r = l + crToR * pr, b = l + cbToB * pb
        let g = (l - kr * r - kb * b) * perGreen
        return (min(1, max(0, r)), min(1, max(0, g)), min(1, max(0, b)))
    }

    /// `c`, or the grey of its luminance when its channels differ by less than `greyNoise` (times
    /// `spread`: a colour divided by its alpha carries its error divided too).
    @inline(__always)
    func exactGrey(_ c: BlendFormulas.RGB, spread: Double = 1) -> BlendFormulas.RGB {
        guard max(c.r, c.g, c.b) - min(c.r, c.g, c.b) < greyNoise * spread else { return c }
        let l = kr * c.r + kg * c.g + kb * c.b
        return (l, l, l)
    }

    /// The straight colour of premultiplied `p` at `alpha` (> 0), clamped to 0…1, greys within the
    /// rounding (magnified by 1/alpha) made exact.
    @inline(__always)
    func straight(_ p: BlendFormulas.RGB, alpha: Double) -> BlendFormulas.RGB {
        let per = 1 / alpha
        return exactGrey((r: min(1, max(0, p.r * per)), g: min(1, max(0, p.g * per)), b: min(1, max(0, p.b * per))), spread: per)
    }

    @inline(__always)
    func ycbcr(_ c: BlendFormulas.RGB) -> (y: Double, cb: Double, cr: Double) {
        let l = kr * c.r + kg * c.g + kb * c.b
        return (lumaBlack + lumaRange * l, neutral + bToCb * (c.b - l), neutral + rToCr * (c.r - l))
    }
}
