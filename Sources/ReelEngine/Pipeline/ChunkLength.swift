import ReelSpec

/// How long a job's chunks are (docs/API.md, chunked renders): one chunk for each live worker
/// sharing the store, so every worker of the cluster renders one piece at once and the job takes
/// about its length over the workers, never longer than the configured `chunkSeconds` (a chunk is
/// also what a failed node loses) and never shorter than `minimumSeconds`, below which a chunk's own
/// costs — a render child that plans the whole spec and opens its sources, the claim, the join's
/// copy — are a large share of its render (unless `chunkSeconds` itself is set shorter: an
/// operator's choice is kept). A job shorter than two of the shortest is not cut at all. With one
/// worker there is nothing to share: the configured length, as before.
public enum ChunkLength {
    /// The shortest chunk worth cutting, in seconds.
    public static let minimumSeconds = 10

    /// The chunk length in whole seconds for an output of `duration` rendered by `workers` live
    /// workers, at most `longest` (the configured `chunkSeconds`); 0: not cut (`longest` is 0, or
    /// the job is too short to share).
    public static func seconds(for duration: Time, workers: Int, longest: Int) -> Int {
        guard longest > 0 else { return 0 }
        guard workers > 1 else { return longest }
        // Whole seconds, rounded up, of duration / workers (exact: no Double between).
        let scaledValue = Int128(duration.value)
        let scale = Int128(duration.timescale) * Int128(workers)
        guard scaledValue > 0, scale > 0 else { return 0 }
        let shortest = min(minimumSeconds, longest)
        if scaledValue < Int128(2 * shortest) * Int128(duration.timescale) { return 0 }
        let even = Int((scaledValue + scale - 1) / scale)
        return min(longest, max(shortest, even))
    }
}
