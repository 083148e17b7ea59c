extension Keyframe {
    /// The numbers of an item's own features that keyframes animate besides its placement: each
    /// allowed only where the item has the feature (a radius on a rect shape, a feather with a
    /// mask…), in the same range as the feature's own value.
    public enum Feature: String, Sendable, CaseIterable {
        case radius, strokeWidth, dashOffset, feather, similarity, smoothness, spill
        /// A filter's amount (the item's filters of that type).
        case brightness, contrast, saturation, blur
        /// `fit: "blur"`'s bars: their blur radius and dimming.
        case blurRadius, dim

        /// The filter whose amount the feature is; nil for the others.
        public var filterKind: FilterSpec.Kind? {
            switch self {
            case .brightness: return .brightness
            case .contrast: return .contrast
            case .saturation: return .saturation
            case .blur: return .blur
            default: return nil
            }
        }

        /// What an item without the feature is told.
        public var missing: String {
            switch self {
            case .radius: return "animates a rect shape's corner radius; this item is no rect shape"
            case .strokeWidth: return "animates a shape's stroke width; this item is no shape with a stroke"
            case .dashOffset: return "animates a dashed stroke's dashOffset; this item is no shape with a dash"
            case .feather: return "animates the mask's feather; this item has no mask"
            case .similarity, .smoothness, .spill: return "animates the chroma key's \(rawValue); this item has no chromaKey"
            case .brightness, .contrast, .saturation, .blur: return "animates the amount of a \(rawValue) filter; this item has none in its filters"
            case .blurRadius, .dim: return "animates the \(rawValue) of fit \"blur\"'s bars; this item is no video item with fit \"blur\""
            }
        }

        var range: Bounds<Double> {
            switch self {
            case .radius: return .between(0, 100_000)
            case .strokeWidth: return .greaterThan(0, atMost: 10_000)
            case .dashOffset: return .between(-1_000_000, 1_000_000)
            case .feather: return .between(0, 1000)
            case .similarity, .smoothness, .spill: return .between(0, 1)
            case .brightness, .contrast, .saturation, .blur: return Field.amountBounds(filterKind!)!
            case .blurRadius: return Field.blurRadiusBounds
            case .dim: return Field.dimBounds
            }
        }
    }
}

extension Keyframe {
    /// The value this keyframe gives `feature`, nil when it sets none.
    public func value(of feature: Feature) -> Double? {
        switch feature {
        case .radius: return radius
        case .strokeWidth: return strokeWidth
        case .dashOffset: return dashOffset
        case .feather: return feather
        case .similarity: return similarity
        case .smoothness: return smoothness
        case .spill: return spill
        case .brightness, .contrast, .saturation, .blur: return filterAmounts[feature.filterKind!]
        case .blurRadius: return blurRadius
        case .dim: return dim
        }
    }
}
