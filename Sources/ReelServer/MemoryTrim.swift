import CMalloc

/// Gives memory the process has freed back to the system, once a minute (with the retention sweep).
/// glibc keeps an arena per thread that allocated: renders start and end threads (decoders, the
/// picture and audio stages, FFmpeg's own), and what they free stays mapped in those arenas,
/// counted in RSS, fragmented by the long-lived allocations around it. Under steady load RSS then
/// creeps up without a leak (`make bench-soak`, PERFORMANCE.md "Memory over a long run");
/// `malloc_trim` returns the free pages of every arena.
enum MemoryTrim {
    static func run() { _ = reel_malloc_trim() }
}
