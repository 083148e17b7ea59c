import Foundation

/// An exact Gaussian blur of a plane of values (a mask's), by a sampled kernel of standard
/// deviation `sigma` out to 3σ, normalised, in two separable passes; edges are extended, so a plane
/// that is uniform near a side stays so. Exact where `BoxBlur`'s three passes only come near (their
/// variance is r² + r for a whole r): a mask's feather is a promised Gaussian.
struct GaussianKernel {
    let sigma: Double
    private let weights: [Float]

    init(sigma: Double) {
        self.sigma = sigma
        let radius = max(1, Int((3 * sigma).rounded(.up)))
        var w = (-radius...radius).map { Float(exp(-Double($0 * $0) / (2 * sigma * sigma))) }
        let sum = w.reduce(0, +)
        for i in w.indices { w[i] /= sum }
        weights = w
    }

    /// Blurs `plane` (`width`×`height`, row by row) in place.
    func apply(to plane: inout [Float], width: Int, height: Int) {
        guard sigma > 0, width > 0, height > 0 else { return }
        let radius = weights.count / 2
        var line = [Float](repeating: 0, count: max(width, height) + 2 * radius)
        for y in 0..<height {
            pass(&plane, start: y * width, step: 1, count: width, radius: radius, line: &line)
        }
        for x in 0..<width {
            pass(&plane, start: x, step: width, count: height, radius: radius, line: &line)
        }
    }

    /// One line of `count` values `step` apart, convolved through a padded copy.
    private func pass(_ plane: inout [Float], start: Int, step: Int, count: Int, radius: Int, line: inout [Float]) {
        for i in 0..<(count + 2 * radius) {
            line[i] = plane[start + min(count - 1, max(0, i - radius)) * step]
        }
        for i in 0..<count {
            var sum: Float = 0
            for k in 0..<weights.count { sum += weights[k] * line[i + k] }
            plane[start + i * step] = sum
        }
    }
}
