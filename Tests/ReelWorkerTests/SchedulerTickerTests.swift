import Foundation
import Glibc
@testable import ReelWorker
import ReelStore
import StoreFixtures
import TestSupport
import XCTest

/// The ticker's threads: one per allowed CPU, pinned there, at normal priority; they wake the CPU
/// every period while a render runs and sleep (no wake-ups at all) otherwise.
final class SchedulerTickerTests: XCTestCase {
    struct TaskInfo {
        let tid: String
        let name: String
        let cpus: String
        let wakeups: Int
        let nice: Int
        let policy: Int
    }

    /// This process's threads whose name starts with `prefix`, from `/proc/self/task`.
    static func tasks(named prefix: String) -> [TaskInfo] {
        let tids = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/task")) ?? []
        return tids.compactMap { tid in
            guard let status = try? String(contentsOfFile: "/proc/self/task/\(tid)/status", encoding: .utf8),
                  let stat = try? String(contentsOfFile: "/proc/self/task/\(tid)/stat", encoding: .utf8),
                  let close = stat.lastIndex(of: ")") else { return nil }
            var fields: [String: String] = [:]
            for line in status.split(separator: "\n") {
                let parts = line.split(separator: ":", maxSplits: 1)
                if parts.count == 2 { fields[String(parts[0])] = parts[1].trimmingCharacters(in: .whitespaces) }
            }
            guard let name = fields["Name"], name.hasPrefix(prefix) else { return nil }
            // After the name: field 3 (state) onwards; nice is field 19, policy field 41.
            let rest = stat[stat.index(close, offsetBy: 2)...].split(separator: " ")
            return TaskInfo(tid: tid, name: name, cpus: fields["Cpus_allowed_list"] ?? "",
                            wakeups: Int(fields["voluntary_ctxt_switches"] ?? "") ?? -1,
                            nice: Int(rest[16]) ?? -99, policy: Int(rest[38]) ?? -1)
        }
    }

    /// The `reel-tick` threads not in `old` (tickers of other tests' services may still exist).
    static func ticks(except old: Set<String>) -> [TaskInfo] {
        tasks(named: "reel-tick").filter { !old.contains($0.tid) }
    }

    /// How often each new `reel-tick` thread woke during the next `seconds` (voluntary context
    /// switches: each timer sleep ends in one). A rate is measured over a window of time: this
    /// sleep is the window, not a wait for something to happen.
    static func wakeups(during seconds: Double, except old: Set<String>) -> [Int] {
        let before = Dictionary(uniqueKeysWithValues: ticks(except: old).map { ($0.tid, $0.wakeups) })
        Thread.sleep(forTimeInterval: seconds)
        return ticks(except: old).map { $0.wakeups - before[$0.tid, default: 0] }
    }

    func testOneThreadPerCPUTicksOnlyWhileRendersRun() throws {
        let old = Set(Self.tasks(named: "reel-tick").map(\.tid))
        let ticker = SchedulerTicker(periodMicroseconds: 1000)
        ticker.start()
        var ticks: [TaskInfo] = []
        let cpus = SchedulerTicker.allowedCPUs()
        Poll.until(seconds: 10) {
            ticks = Self.ticks(except: old)
            return ticks.count >= cpus.count
        }
        XCTAssertEqual(cpus.count, ProcessInfo.processInfo.activeProcessorCount)
        XCTAssertEqual(Set(ticks.map(\.name)), Set(cpus.map { "reel-tick-\($0)" }))
        for t in ticks {
            XCTAssertEqual(t.cpus, t.name.replacingOccurrences(of: "reel-tick-", with: ""), "\(t.name) is pinned to its CPU")
            XCTAssertEqual(t.nice, 0)
            XCTAssertEqual(t.policy, 0, "SCHED_OTHER, the HTTP threads' policy")
        }

        // No render: the threads wait on the condition, no timer wake-ups (two at most: a thread
        // reaching its wait, after pinning itself).
        let idle = Self.wakeups(during: 0.3, except: old)
        XCTAssertEqual(idle.count, cpus.count)
        XCTAssertTrue(idle.allSatisfy { $0 <= 2 }, "an idle ticker sleeps: \(idle)")

        // A render: each thread wakes about every millisecond, 500 in half a second (a loose floor,
        // a tenth of that: the machine is busy, and asleep is at most 2).
        ticker.renderBegan()
        let ticking = Self.wakeups(during: 0.5, except: old)
        XCTAssertEqual(ticking.count, cpus.count)
        XCTAssertTrue(ticking.allSatisfy { $0 >= 50 }, "a ticking thread wakes every period: \(ticking)")

        // Two renders, one ends: still ticking; both end: asleep again.
        ticker.renderBegan()
        ticker.renderEnded()
        let oneLeft = Self.wakeups(during: 0.3, except: old)
        XCTAssertTrue(oneLeft.allSatisfy { $0 >= 15 }, "one render still runs: \(oneLeft)")
        ticker.renderEnded()
        let ended = Self.wakeups(during: 0.3, except: old)
        XCTAssertEqual(ended.count, cpus.count)
        XCTAssertTrue(ended.allSatisfy { $0 <= 2 }, "no render: asleep: \(ended)")

        ticker.stop()
        XCTAssertTrue(Self.waitForNoTicker(except: old), "stop ends the threads")
    }

    /// True once no `reel-tick` thread is left (a thread that returned may linger a moment).
    static func waitForNoTicker(except old: Set<String>) -> Bool {
        Poll.until(seconds: 5) { ticks(except: old).isEmpty }
    }

    func testAZeroPeriodStartsNothing() {
        let old = Set(Self.tasks(named: "reel-tick").map(\.tid))
        let ticker = SchedulerTicker(periodMicroseconds: 0)
        ticker.start()
        ticker.renderBegan()
        // `start` makes its threads before it returns, so none can appear later.
        XCTAssertTrue(Self.ticks(except: old).isEmpty)
        ticker.stop()
    }
}
