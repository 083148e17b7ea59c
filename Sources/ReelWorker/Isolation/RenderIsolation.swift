import Foundation

/// How a pool renders jobs in child processes: which program the children run (this `reel`
/// itself, `/proc/self/exe`, in the server; the built `reel` in tests), their limits and their
/// sandbox. A pool without one renders in its own process (the CLI, and tests of the pool's rules).
public struct RenderIsolation: Sendable {
    public let executable: String
    public let limits: ChildLimits
    public let sandbox: SandboxMode

    /// The hidden subcommand of `reel` a child runs (`RenderChildMain`).
    public static let childCommand = "child"
    /// The argument that makes a child a warm engine child (`EngineChildMain`) instead of a render's.
    public static let engineRole = "engine"

    public init(executable: String, limits: ChildLimits = ChildLimits(), sandbox: SandboxMode = .auto) {
        self.executable = executable
        self.limits = limits
        self.sandbox = sandbox
    }

    /// The server's own program, for its children.
    public static var ownExecutable: String {
        (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
    }

    /// Removes the temporary folders of children whose server was killed (`ChildScratch`).
    public static func removeLeftScratch() { ChildScratch.sweep() }

    /// What this kernel offers the children's sandbox, for the log at start.
    public static var offered: String { ChildSandbox.offered }

    /// Whether `required` can be met here: seccomp is in the kernel (no new privileges always is).
    public static var canSandbox: Bool { ChildSandbox.seccompAvailable }

    /// The environment a child gets: the server's without its secrets (keys, passwords, tokens,
    /// Reel's own settings, the cloud's credentials), since a child holds untrusted input, and
    /// `temporary` as its `TMPDIR` (its `ChildScratch`).
    static func childEnvironment(_ environment: [String: String] = ProcessInfo.processInfo.environment, temporary: String) -> [String] {
        let secret = ["KEY", "SECRET", "TOKEN", "PASSWORD", "PASSWD", "CREDENTIAL"]
        return environment.filter { name, _ in
            let upper = name.uppercased()
            return !upper.hasPrefix("REEL_") && !upper.hasPrefix("AWS_") && upper != "SWIFT_BACKTRACE" && upper != "TMPDIR"
                && !upper.hasPrefix("PG") && !secret.contains { upper.contains($0) }
        }.map { "\($0.key)=\($0.value)" }.sorted()
            // A crash ends the child at once, by its signal: Swift's backtracer would catch even a
            // SIGSEGV sent from outside and carry on.
            + ["SWIFT_BACKTRACE=enable=no", "TMPDIR=" + temporary]
    }
}
