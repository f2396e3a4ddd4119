import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// What the explorer writes to `COURIER_FRAME_LOG=FILE` for the benchmarks in `bench/`: first a
/// line for the first frame, then the milliseconds from reading a key to writing its frame, one
/// line each (the explorer's own share of a keypress's latency, apart from the time the system
/// takes to deliver the key and schedule the thread).
///
/// The first frame's line, `first-frame MS BOOT`: MS is the milliseconds since the process
/// started as the kernel records it (its fork, in ticks of 10 ms, so up to 10 ms too high, and
/// counting whatever ran in the process before it became courier); BOOT is the boot clock
/// (`CLOCK_BOOTTIME`) in seconds when the frame was written, so a launcher that notes the boot
/// clock just before `exec` gets the exact figure (`bench/field`).
final class FrameLog {
    /// The line's first word, which no key line starts with.
    static let firstFramePrefix = "first-frame"

    private let handle: FileHandle

    init?(path: String) {
        guard FileManager.default.createFile(atPath: path, contents: nil), let handle = FileHandle(forWritingAtPath: path) else { return nil }
        self.handle = handle
    }

    /// Records that the first frame was just written.
    func recordFirstFrame() {
        let now = Self.bootClock()
        let sinceStart = Self.processStart().map { String(format: "%.3f", (now - $0) * 1000) } ?? "unknown"
        handle.write(Data(String(format: "\(Self.firstFramePrefix) \(sinceStart) %.6f\n", now).utf8))
    }

    /// Records the time from reading a key to writing its frame.
    func record(_ duration: Duration) {
        let milliseconds = Double(duration.components.seconds) * 1000 + Double(duration.components.attoseconds) / 1e15
        handle.write(Data(String(format: "%.3f\n", milliseconds).utf8))
    }

    deinit { try? handle.close() }

    /// The boot clock now, in seconds: the clock `/proc` counts process start times on.
    static func bootClock() -> Double {
        var now = timespec()
        clock_gettime(CLOCK_BOOTTIME, &now)
        return Double(now.tv_sec) + Double(now.tv_nsec) / 1e9
    }

    /// When this process started, on the boot clock in seconds, from `/proc/self/stat`; nil when
    /// that cannot be read (not Linux, no /proc).
    static func processStart() -> Double? {
        guard let stat = try? String(contentsOfFile: "/proc/self/stat", encoding: .utf8) else { return nil }
        return processStart(stat: stat, ticksPerSecond: Double(sysconf(Int32(_SC_CLK_TCK))))
    }

    /// The start time in a `/proc/PID/stat` line, in seconds: its 22nd field, counted after the
    /// command name in parentheses (which may itself hold spaces and parentheses).
    static func processStart(stat: String, ticksPerSecond: Double) -> Double? {
        guard let close = stat.lastIndex(of: ")"), ticksPerSecond > 0 else { return nil }
        // Fields 3 onwards follow the name; the start time is the 20th of them.
        let fields = stat[stat.index(after: close)...].split(separator: " ")
        guard fields.count >= 20, let ticks = Double(fields[19]) else { return nil }
        return ticks / ticksPerSecond
    }
}
