import Foundation
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// What a child run by `MeasuredProcess.run` did: its exit status, what came out of its stdout
/// pipe, and the most memory it ever held, as the kernel counts it.
public struct MeasuredRun: Sendable {
    public let status: Int32
    /// Every byte the child wrote to stdout.
    public let stdoutBytes: Int64
    /// The first bytes of stdout (up to the `keeping` given to `run`).
    public let stdoutPrefix: Data
    public let stderr: String
    /// The child's peak resident set size in bytes (`getrusage`'s `ru_maxrss`, from `wait4`).
    public let peakResidentBytes: Int64
}

/// Runs a child whose standard output is a real pipe (a FIFO the test drains as fast as it can),
/// for what `Processes.run` cannot show: how a program behaves writing into a pipe, and how much
/// memory it needed.
public enum MeasuredProcess {
    /// Runs `arguments` and waits for it, killing it after `timeout` seconds.
    /// - Parameter keeping: How many bytes of stdout to keep in `stdoutPrefix`.
    public static func run(_ arguments: [String], environment: [String: String] = [:], keeping: Int = 1 << 20,
                           timeout: TimeInterval = 120) async throws -> MeasuredRun {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("courier-measured-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let fifo = directory.appendingPathComponent("stdout").path
        let stderrPath = directory.appendingPathComponent("stderr").path
        guard mkfifo(fifo, 0o600) == 0 else { throw TestSupportError("no FIFO: \(String(cString: strerror(errno)))") }

        let drained = Drain(path: fifo, keeping: keeping)
        let pid: pid_t
        do {
            pid = try Processes.spawn(arguments, stdout: fifo, stderr: stderrPath, environment: environment)
        } catch {
            // Let the reader's open return, so its thread ends.
            close(open(fifo, O_WRONLY | O_NONBLOCK))
            throw error
        }
        let (status, peak) = try await wait(for: pid, timeout: timeout)
        let (count, prefix) = await drained.result()
        let stderr = (try? String(contentsOfFile: stderrPath, encoding: .utf8)) ?? ""
        return MeasuredRun(status: status, stdoutBytes: count, stdoutPrefix: prefix, stderr: stderr, peakResidentBytes: peak)
    }

    /// Waits for `pid` with `wait4`, which also reports its resource usage.
    private static func wait(for pid: pid_t, timeout: TimeInterval) async throws -> (Int32, Int64) {
        let deadline = ContinuousClock.now + .milliseconds(Int(timeout * 1000))
        var status: Int32 = 0
        var usage = rusage()
        while wait4(pid, &status, WNOHANG, &usage) == 0 {
            if ContinuousClock.now > deadline {
                kill(pid, SIGKILL)
                _ = wait4(pid, &status, 0, &usage)
                throw TestSupportError("\(pid) did not finish within \(timeout) s and was killed")
            }
            try await Task.sleep(for: .milliseconds(5))
        }
        let signal = status & 0x7f
        return (signal == 0 ? (status >> 8) & 0xff : 128 + signal, Int64(usage.ru_maxrss) * 1024)
    }

    /// Reads a FIFO to its end on a thread of its own (a blocking read must not hold one of the
    /// few threads Swift's concurrency runs on).
    private final class Drain: Sendable {
        private struct State {
            var count: Int64 = 0
            var prefix = Data()
            var done = false
            var waiter: CheckedContinuation<Void, Never>?
        }

        private let state = Mutex(State())

        init(path: String, keeping: Int) {
            let thread = Thread { [self] in
                let descriptor = open(path, O_RDONLY)
                var buffer = [UInt8](repeating: 0, count: 1 << 20)
                while descriptor >= 0 {
                    let count = read(descriptor, &buffer, buffer.count)
                    if count < 0 && errno == EINTR { continue }
                    if count <= 0 { break }
                    state.withLock { state in
                        state.count += Int64(count)
                        if state.prefix.count < keeping { state.prefix.append(contentsOf: buffer.prefix(min(count, keeping - state.prefix.count))) }
                    }
                }
                if descriptor >= 0 { close(descriptor) }
                let waiter = state.withLock { state in
                    state.done = true
                    defer { state.waiter = nil }
                    return state.waiter
                }
                waiter?.resume()
            }
            thread.start()
        }

        /// What was read, once the writer has closed the pipe.
        func result() async -> (Int64, Data) {
            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                let done = state.withLock { state in
                    if !state.done { state.waiter = continuation }
                    return state.done
                }
                if done { continuation.resume() }
            }
            return state.withLock { ($0.count, $0.prefix) }
        }
    }
}
