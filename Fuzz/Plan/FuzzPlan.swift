import ReelFuzzTargets

#if FUZZING
/// libFuzzer's entry point (`swift build --sanitize=fuzzer -Xswiftc -DFUZZING`, see scripts/fuzz.sh).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    FuzzTargets.plan(Array(UnsafeBufferPointer(start: data, count: size)))
    return 0
}
#else
import Foundation

/// Without the fuzzer: replays the inputs named on the command line (a crash's artifact, a corpus).
@main
struct Replay {
    static func main() {
        exit(FuzzTargets.replay(Array(CommandLine.arguments.dropFirst()), FuzzTargets.plan))
    }
}
#endif
