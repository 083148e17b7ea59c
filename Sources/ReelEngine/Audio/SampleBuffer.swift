/// Planar float sample storage owned by one object, for handing channel pointers to C and to the
/// mixer without Swift array exclusivity getting in the way.
final class SampleBuffer {
    let channels: Int
    private(set) var capacity: Int
    private(set) var planes: [UnsafeMutablePointer<Float>]

    init(channels: Int, capacity: Int) {
        self.channels = channels
        self.capacity = max(1, capacity)
        planes = (0..<channels).map { _ in UnsafeMutablePointer<Float>.allocate(capacity: max(1, capacity)) }
    }

    deinit { planes.forEach { $0.deallocate() } }

    /// Makes room for `n` samples per channel; the contents are not kept.
    func reserve(_ n: Int) {
        guard n > capacity else { return }
        planes.forEach { $0.deallocate() }
        capacity = n
        planes = (0..<channels).map { _ in UnsafeMutablePointer<Float>.allocate(capacity: n) }
    }
}
