import Courier
import Foundation

/// A private tmux server running one command in a detached session, for driving programs in a
/// real terminal: `send-keys`, `capture-pane`, `resize-window`. Stopped on `stop()` or deinit,
/// and by a watchdog in the pane when the test process is gone (crashed, killed, timed out), so
/// no server and no program under test outlive the run.
public final class TmuxSession {
    public let socket = "courier-test-\(UUID().uuidString.prefix(8))"
    public let name = "main"
    /// `XDG_STATE_HOME` of the program under test unless the test gives one: a folder of its own,
    /// so captured variables and drafts never reach the user's state folder (DESIGN.md).
    public let stateHome = FileManager.default.temporaryDirectory.appendingPathComponent("courier-test-state-\(UUID().uuidString.prefix(8))")

    /// Starts `command` (run by the shell) in a `width`×`height` terminal.
    public init(command: String, width: Int = 120, height: Int = 40, environment: [String: String] = [:]) async throws {
        var variables = ["LANG": "C.UTF-8", "XDG_STATE_HOME": stateHome.path]
        for (key, value) in environment { variables[key] = value }
        let exports = variables.map { "export \($0.key)=\(ShellText.quote($0.value));" }.joined(separator: " ")
        // `swift test` exports NO_COLOR to the tests; the program under test starts from a known
        // environment instead, and a test that wants NO_COLOR passes it.
        let reset = "unset NO_COLOR COLORTERM CLICOLOR_FORCE;"
        // The watchdog runs inside the pane, under the tmux server's own session, and kills the
        // server once the test process is gone, which a deinit cannot do for a crashed test.
        let watchdog = "(cat \(ShellText.quote(Lifeline.path)) >/dev/null; tmux -L \(socket) kill-server) >/dev/null 2>&1 &"
        let result = try await Processes.run([
            "tmux", "-L", socket, "-f", "/dev/null", "new-session", "-d", "-s", name,
            "-x", "\(width)", "-y", "\(height)", "\(watchdog) \(reset) \(exports) \(command); sleep 600",
        ])
        guard result.status == 0 else { throw TestSupportError("tmux did not start: \(result.stderr)") }
    }

    /// The visible screen as text.
    public func capture() async throws -> String {
        try await Processes.run(["tmux", "-L", socket, "capture-pane", "-p", "-t", name]).stdoutText
    }

    /// Polls the screen every 25 ms until `predicate` holds; returns that screen.
    /// - Parameter timeout: When to give up: a deadline for a failing test, not a measure of speed.
    /// - Throws: When it does not hold within `timeout` seconds, with the last screen in the message.
    @discardableResult
    public func waitFor(timeout: TimeInterval = 60, _ predicate: (String) -> Bool) async throws -> String {
        let deadline = ContinuousClock.now + .milliseconds(Int(timeout * 1000))
        var screen = ""
        while ContinuousClock.now < deadline {
            screen = try await capture()
            if predicate(screen) { return screen }
            try await Task.sleep(for: .milliseconds(25))
        }
        // A poll held back past the deadline looks once more before giving up.
        screen = try await capture()
        if predicate(screen) { return screen }
        throw TestSupportError("the screen did not show what was expected within \(timeout) s; it shows:\n\(screen)")
    }

    /// Types keys (`Enter`, `Up`, `C-c`, or literal text with `literal: true`).
    public func send(_ keys: String..., literal: Bool = false) async throws {
        _ = try await Processes.run(["tmux", "-L", socket, "send-keys", "-t", name] + (literal ? ["-l"] : []) + keys)
    }

    public func stop() async {
        _ = try? await Processes.run(["tmux", "-L", socket, "kill-server"])
        try? FileManager.default.removeItem(at: stateHome)
    }

    deinit {
        _ = try? Processes.spawn(["tmux", "-L", socket, "kill-server"])
        try? FileManager.default.removeItem(at: stateHome)
    }
}

/// A FIFO this process holds open and never writes: a reader gets end-of-file when the process
/// is gone, however it ended. Polling its pid would not do: this machine's init does not reap
/// orphans, so a finished test process lingers as a zombie that `kill -0` still finds.
enum Lifeline {
    static let path: String = {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("courier-test-lifeline-\(getpid())").path
        unlink(path)
        mkfifo(path, 0o600)
        // Read-write, so opening does not wait for a reader; close-on-exec, so no child holds it.
        _ = open(path, O_RDWR | O_CLOEXEC)
        return path
    }()
}

/// Single-quoting for a POSIX shell, for tests: Courier's one home for it.
public enum ShellText {
    /// `text` in single quotes, `'` written as `'\\''`.
    public static func quote(_ text: String) -> String { ShellQuote.quote(text) }
}
