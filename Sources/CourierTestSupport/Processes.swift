import CourierTerminal
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// What a finished child process printed and returned.
public struct ProcessResult: Sendable {
    public let status: Int32
    public let stdout: Data
    public let stderr: String

    public var stdoutText: String { String(decoding: stdout, as: UTF8.self) }
}

/// Runs child processes with `posix_spawn` and `waitpid`. Foundation's `Process` can wedge on
/// Linux when tests spawn in parallel (and forever when a child leaves a daemon holding its pipe,
/// as `tmux new-session -d` does), so output goes to temporary files instead of pipes.
public enum Processes {
    /// Runs `arguments` (the program is looked up on PATH) and waits for it.
    /// - Parameters:
    ///   - arguments: The program and its arguments.
    ///   - input: Bytes for the child's standard input; empty when nil.
    ///   - environment: Extra variables on top of this process's environment.
    ///   - timeout: Seconds before the child is killed.
    public static func run(_ arguments: [String], input: Data? = nil, environment: [String: String] = [:],
                           timeout: TimeInterval = 60) async throws -> ProcessResult {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("courier-proc-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let stdinPath = directory.appendingPathComponent("stdin").path
        let stdoutPath = directory.appendingPathComponent("stdout").path
        let stderrPath = directory.appendingPathComponent("stderr").path
        try (input ?? Data()).write(to: URL(fileURLWithPath: stdinPath))

        let pid = try spawn(arguments, stdin: stdinPath, stdout: stdoutPath, stderr: stderrPath, environment: environment)
        let status = try await wait(for: pid, timeout: timeout)
        let stdout = (try? Data(contentsOf: URL(fileURLWithPath: stdoutPath))) ?? Data()
        let stderr = (try? String(contentsOfFile: stderrPath, encoding: .utf8)) ?? ""
        return ProcessResult(status: status, stdout: stdout, stderr: stderr)
    }

    /// Runs a command line through `/bin/sh -c`, the way a user pastes it into a shell.
    public static func shell(_ command: String, timeout: TimeInterval = 60) async throws -> ProcessResult {
        try await run(["sh", "-c", command], timeout: timeout)
    }

    /// Starts a child without waiting; its output goes to the given files.
    public static func spawn(_ arguments: [String], stdin: String = "/dev/null", stdout: String = "/dev/null",
                             stderr: String = "/dev/null", environment: [String: String] = [:]) throws -> pid_t {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, stdin, O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, stdout, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        posix_spawn_file_actions_addopen(&actions, 2, stderr, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        markInheritedDescriptorsCloseOnExec()

        var variables = ProcessInfo.processInfo.environment
        for (key, value) in environment { variables[key] = value }
        let argv = arguments.map { strdup($0) } + [nil]
        let envp = variables.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            argv.forEach { free($0) }
            envp.forEach { free($0) }
        }
        let attributes = SpawnAttributes()
        var pid: pid_t = 0
        let result = posix_spawnp(&pid, arguments[0], &actions, &attributes.value, argv, envp)
        guard result == 0 else {
            throw TestSupportError("could not start \(arguments[0]): \(String(cString: strerror(result)))")
        }
        return pid
    }

    /// Sockets of in-process servers are not close-on-exec, and a child that inherits a listening
    /// socket keeps the port open after the server stops. Marking every descriptor above stderr
    /// close-on-exec before spawning keeps children from inheriting them; the parent never execs.
    private static func markInheritedDescriptorsCloseOnExec() {
        guard let entries = try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd") else { return }
        for case let descriptor? in entries.map({ Int32($0) }) where descriptor > 2 {
            let flags = fcntl(descriptor, F_GETFD)
            if flags >= 0 && flags & FD_CLOEXEC == 0 { _ = fcntl(descriptor, F_SETFD, flags | FD_CLOEXEC) }
        }
    }

    /// Waits for a child, killing it after `timeout` seconds; returns its exit status (128+signal when killed).
    public static func wait(for pid: pid_t, timeout: TimeInterval) async throws -> Int32 {
        let deadline = ContinuousClock.now + .milliseconds(Int(timeout * 1000))
        var status: Int32 = 0
        while waitpid(pid, &status, WNOHANG) == 0 {
            if ContinuousClock.now > deadline {
                kill(pid, SIGKILL)
                _ = waitpid(pid, &status, 0)
                throw TestSupportError("\(pid) did not finish within \(timeout) s and was killed")
            }
            try await Task.sleep(for: .milliseconds(5))
        }
        let signal = status & 0x7f
        return signal == 0 ? (status >> 8) & 0xff : 128 + signal
    }

    /// The directory holding the built products (`courier`, the test bundle).
    public static var productsDirectory: URL {
        let candidates = [CommandLine.arguments.first.map { URL(fileURLWithPath: $0).deletingLastPathComponent() }]
            + Bundle.allBundles.map { Optional($0.bundleURL.deletingLastPathComponent()) }
        for case let directory? in candidates where FileManager.default.fileExists(atPath: directory.appendingPathComponent("courier").path) {
            return directory
        }
        return URL(fileURLWithPath: FileManager.default.currentDirectoryPath).appendingPathComponent(".build/debug")
    }
}
