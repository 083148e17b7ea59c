extension Field {
    /// `blurRadius` (0…200 px) and `dim` (0…1) beside a `fit`: allowed only with `fit: "blur"`; nil
    /// when neither is given.
    static func blurFill(_ r: ObjectReader, fit: FitMode?) -> BlurFill? {
        guard r.has("blurRadius") || r.has("dim") else { return nil }
        guard fit == .blur else {
            for key in ["blurRadius", "dim"] { r.reject(key, "is only allowed with fit \"blur\"") }
            return nil
        }
        var fill = BlurFill()
        if let radius = r.field("blurRadius")?.double(Field.blurRadiusBounds) { fill.radius = radius }
        if let dim = r.field("dim")?.double(Field.dimBounds) { fill.dim = dim }
        return fill
    }

    /// The ranges of `blurRadius` (px) and `dim`, for the item's values and their keyframes.
    static var blurRadiusBounds: Bounds<Double> { .between(0, 200) }
    static var dimBounds: Bounds<Double> { .between(0, 1) }
}
