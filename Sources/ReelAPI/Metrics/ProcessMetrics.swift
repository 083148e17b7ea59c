import Foundation

/// The standard `process_*` metrics of a Prometheus client, read from the kernel on each scrape.
enum ProcessMetrics {
    static let startTime = Date().timeIntervalSince1970

    static func lines() -> [String] {
        var usage = rusage()
        getrusage(__rusage_who_t(RUSAGE_SELF.rawValue), &usage)
        let cpu = Double(usage.ru_utime.tv_sec) + Double(usage.ru_utime.tv_usec) / 1e6
            + Double(usage.ru_stime.tv_sec) + Double(usage.ru_stime.tv_usec) / 1e6
        let page = Double(sysconf(Int32(_SC_PAGESIZE)))
        let statm = ((try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8)) ?? "").split(separator: " ").compactMap { Double($0) }
        let fds = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd"))?.count ?? 0
        let threads = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/task"))?.count ?? 0
        var out = [
            "# HELP process_cpu_seconds_total User and system CPU time of the process.", "# TYPE process_cpu_seconds_total counter",
            "process_cpu_seconds_total \(cpu)",
            "# HELP process_open_fds Open file descriptors.", "# TYPE process_open_fds gauge", "process_open_fds \(fds)",
            "# HELP process_threads Threads of the process.", "# TYPE process_threads gauge", "process_threads \(threads)",
            "# HELP process_start_time_seconds Start time of the process since the Unix epoch.", "# TYPE process_start_time_seconds gauge",
            "process_start_time_seconds \(Int64(startTime))",
        ]
        if statm.count >= 2 {
            out += ["# HELP process_virtual_memory_bytes Virtual memory size.", "# TYPE process_virtual_memory_bytes gauge",
                    "process_virtual_memory_bytes \(Int64(statm[0] * page))",
                    "# HELP process_resident_memory_bytes Resident memory size.", "# TYPE process_resident_memory_bytes gauge",
                    "process_resident_memory_bytes \(Int64(statm[1] * page))"]
        }
        return out
    }
}

/// What is running: `reel_build_info{version, swift}` 1.
public enum BuildInfo {
    /// Reel's version, the version of the API contract it serves: `reel --version` prints it,
    /// `reel_build_info` carries it, and `openapi.yaml`'s `info.version` is the same number (a test
    /// holds them together); bump them together when the contract changes.
    public static let version = "1.0.0"

    static var swift: String {
        #if compiler(>=6.3)
        return "6.3"
        #elseif compiler(>=6.0)
        return "6.x"
        #else
        return "5.x"
        #endif
    }

    static func lines() -> [String] {
        ["# HELP reel_build_info Reel's version and the Swift compiler that built it.", "# TYPE reel_build_info gauge",
         "reel_build_info{version=\"\(version)\",swift=\"\(swift)\",api=\"v1\"} 1"]
    }
}
