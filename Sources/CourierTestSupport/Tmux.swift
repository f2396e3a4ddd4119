import Foundation

/// A private tmux server running one command in a detached session, for driving programs in a
/// real terminal: `send-keys`, `capture-pane`, `resize-window`. Stopped on `stop()` or deinit,
/// and by a watchdog when the test process is gone (crashed, killed or timed out), so no server
/// and no program under test outlive the run.
public final class TmuxSession {
    public let socket = "courier-test-\(UUID().uuidString.prefix(8))"
    public let name = "main"

    /// Starts `command` (run by the shell) in a `width`×`height` terminal.
    public init(command: String, width: Int = 120, height: Int = 40, environment: [String: String] = [:]) async throws {
        var variables = ["LANG": "C.UTF-8"]
        for (key, value) in environment { variables[key] = value }
        let exports = variables.map { "export \($0.key)=\(ShellText.quote($0.value));" }.joined(separator: " ")
        // `swift test` exports NO_COLOR to the tests; the program under test starts from a known
        // environment instead, and a test that wants NO_COLOR passes it.
        let reset = "unset NO_COLOR COLORTERM CLICOLOR_FORCE;"
        let result = try await Processes.run([
            "tmux", "-L", socket, "-f", "/dev/null", "new-session", "-d", "-s", name,
            "-x", "\(width)", "-y", "\(height)", "\(reset) \(exports) \(command); sleep 600",
        ])
        guard result.status == 0 else { throw TestSupportError("tmux did not start: \(result.stderr)") }
        try startWatchdog()
    }

    /// A shell loop that kills this tmux server once the test process has exited or after ten
    /// minutes, whichever comes first. A deinit does not run when the test process dies, and a
    /// lingering server keeps the program under test (and its CPU) alive.
    private func startWatchdog() throws {
        let script = """
            i=0; while kill -0 \(getpid()) 2>/dev/null && [ $i -lt 600 ]; do sleep 1; i=$((i+1)); done; \
            tmux -L \(socket) kill-server 2>/dev/null
            """
        _ = try Processes.spawn(["sh", "-c", script])
    }

    /// The visible screen as text.
    public func capture() async throws -> String {
        try await Processes.run(["tmux", "-L", socket, "capture-pane", "-p", "-t", name]).stdoutText
    }

    /// Polls the screen every 25 ms until `predicate` holds; returns that screen.
    /// - Throws: When it does not hold within `timeout` seconds, with the last screen in the message.
    @discardableResult
    public func waitFor(timeout: TimeInterval = 20, _ predicate: (String) -> Bool) async throws -> String {
        let deadline = ContinuousClock.now + .milliseconds(Int(timeout * 1000))
        var screen = ""
        while ContinuousClock.now < deadline {
            screen = try await capture()
            if predicate(screen) { return screen }
            try await Task.sleep(for: .milliseconds(25))
        }
        throw TestSupportError("the screen did not show what was expected within \(timeout) s; it shows:\n\(screen)")
    }

    /// Types keys (`Enter`, `Up`, `C-c`, or literal text with `literal: true`).
    public func send(_ keys: String..., literal: Bool = false) async throws {
        _ = try await Processes.run(["tmux", "-L", socket, "send-keys", "-t", name] + (literal ? ["-l"] : []) + keys)
    }

    public func stop() async {
        _ = try? await Processes.run(["tmux", "-L", socket, "kill-server"])
    }

    deinit {
        _ = try? Processes.spawn(["tmux", "-L", socket, "kill-server"])
    }
}

/// Single-quoting for a POSIX shell.
public enum ShellText {
    public static func quote(_ text: String) -> String { "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'" }
}
