import CourierTestSupport
import Foundation
import Testing

/// The explorer in a real terminal under tmux: typing, resizing, quitting.
@Suite("courier explorer in tmux")
struct ExplorerTerminalTests {
    private var courier: String { Processes.productsDirectory.appendingPathComponent("courier").path }

    @Test("Types, resizes down to 20×6 and back, shows help, and restores the terminal on quit")
    func typeResizeQuit() async throws {
        let command = "\(ShellText.quote(courier)) --collections \(ShellText.quote(Checkout.collections.path)); echo \"exit=$?\""
        // The session's deinit kills its tmux server if an expectation throws before the end.
        let session = try await TmuxSession(command: command, width: 80, height: 24)
        var screen = try await session.waitFor { $0.contains("Collections") && $0.contains("Public APIs") }
        #expect(screen.contains("▸ users"))

        try await session.send("j", "Enter")
        screen = try await session.waitFor { $0.contains("▾ users") }
        #expect(screen.contains("POST   create-user"))
        try await session.send("j", "Enter")
        screen = try await session.waitFor { $0.contains("opened Demo/users/create-user") }

        _ = try await Processes.run(["tmux", "-L", session.socket, "resize-window", "-t", session.name, "-x", "20", "-y", "6"])
        screen = try await session.waitFor { $0.contains("needs at least") }
        #expect(!screen.contains("Collections"))
        _ = try await Processes.run(["tmux", "-L", session.socket, "resize-window", "-t", session.name, "-x", "80", "-y", "24"])
        screen = try await session.waitFor { $0.contains("Collections") && $0.contains("create-user") }

        try await session.send("?")
        screen = try await session.waitFor { $0.contains("any key closes") }
        #expect(screen.contains("q, ctrl-c"))
        try await session.send("Escape")
        _ = try await session.waitFor { !$0.contains("any key closes") }

        try await session.send("q")
        screen = try await session.waitFor { $0.contains("exit=") }
        #expect(screen.contains("exit=0"))
        #expect(!screen.contains("Collections"), "the explorer's screen must be gone after quitting:\n\(screen)")
        await session.stop()
    }

    @Test("Without a terminal it prints the overview instead of spinning")
    func notATerminal() async throws {
        let result = try await Processes.run([courier, "--collections", Checkout.collections.path], timeout: 10)
        #expect(result.status == 0)
        #expect(result.stdoutText.contains("courier run Demo/users/list-users"))
    }
}
