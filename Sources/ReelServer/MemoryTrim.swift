import CMalloc

/// Gives memory the process has freed back to the system, once a minute (with the retention sweep).
/// glibc keeps an arena per thread that allocated: renders start and end threads (decoders, the
/// picture and audio stages, FFmpeg's own), and what they free stays mapped in those arenas,
/// counted in RSS, until trimmed. Measured side by side under the soak's load (PERFORMANCE.md
/// "Memory over a long run"), trimming lowers RSS by a few MiB but not its slow climb, which is
/// therefore not freed memory held back.
enum MemoryTrim {
    static func run() { _ = reel_malloc_trim() }
}
