import CourierTestSupport
import Foundation
import Testing

/// What `courier run` does only when its output is a terminal, checked in a real one under tmux.
@Suite("courier run in a terminal")
struct TerminalOutputTests {
    private var courier: String { Processes.productsDirectory.appendingPathComponent("courier").path }

    @Test("JSON is pretty-printed on a terminal and a progress line shows while a slow body arrives")
    func terminalOutput() async throws {
        try await ExclusiveTime.run { try await exclusiveTerminalOutput() }
    }

    /// Runs apart from other CPU-heavy or timing-sensitive tests (see `ExclusiveTime`).
    private func exclusiveTerminalOutput() async throws {
        let server = try await TestServer.shared()
        let collections = ShellText.quote(Checkout.collections.path)
        let pretty = try await TmuxSession(
            command: "\(ShellText.quote(courier)) run Demo/users/get-user --collections \(collections); echo \"exit=$?\"",
            environment: ["COURIER_DEMO_URL": server.url])
        let screen = try await pretty.waitFor { $0.contains("exit=") }
        #expect(screen.contains("{\n  \"data\": {\n    \"created_at\": \"2024-02-11T09:30:00Z\","), "\(screen)")
        #expect(screen.contains("exit=0"))
        await pretty.stop()

        let slow = try await TmuxSession(
            command: "\(ShellText.quote(courier)) run Demo/big/slow-drip --collections \(collections) > /dev/null; echo \"exit=$?\"",
            environment: ["COURIER_DEMO_URL": server.url])
        let progress = try await slow.waitFor { $0.contains("%") && $0.contains("/s") }
        #expect(progress.contains("/ 4.0 KB"), "sizes as the explorer writes them: \(progress)")
        let done = try await slow.waitFor { $0.contains("exit=") }
        #expect(!done.contains("%"), "the progress line is cleared when the body is complete:\n\(done)")
        await slow.stop()
}
}
