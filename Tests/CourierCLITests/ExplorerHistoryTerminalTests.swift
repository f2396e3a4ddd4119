import CourierTestSupport
import Foundation
import Testing

/// History and "save body" in a real terminal: the built binary under tmux, twice on the same
/// state folder, so what the first run kept shows in the second.
@Suite("courier explorer keeps History between runs and saves bodies, in tmux", .serialized)
struct ExplorerHistoryTerminalTests {
    @Test("s saves the body; the next run shows the last response from History, H lists it, and ? lists the keys")
    func historyAndSave() async throws {
        try await ExclusiveTime.run { try await exclusiveHistoryAndSave() }
    }

    private func exclusiveHistoryAndSave() async throws {
        let folder = try TemporaryDirectory()
        let collections = try folder.copy(Checkout.collections, as: "Collections")
        let state = try TemporaryDirectory()
        let target = folder.url.appendingPathComponent("users.json")
        let command = "\(ShellText.quote(Explorer.binary)) --collections \(ShellText.quote(collections.path)); echo \"exit=$?\""

        let first = try await TmuxSession(command: command, environment: ["XDG_STATE_HOME": state.url.path])
        try await first.waitFor { $0.contains("Collections") }
        try await first.openWithPalette("list-users", title: "GET Demo/users/list-users")
        try await first.send("C-r")
        try await first.waitFor { $0.contains("200 OK") }
        try await first.send("s")
        try await first.waitFor { $0.contains("list-users.json") && $0.contains("body to") }
        try await first.send("C-u")
        try await first.send(target.path, literal: true)
        try await first.send("Enter")
        let saved = try await first.waitFor { $0.contains("saved ") }
        #expect(saved.contains(target.path) || saved.contains("saved "), "\(saved)")
        let body = try Data(contentsOf: target)
        #expect(String(decoding: body, as: UTF8.self).contains("\"data\""))
        try await first.send("q")
        try await first.waitFor { $0.contains("exit=0") }
        await first.stop()

        let second = try await TmuxSession(command: command, width: 120, height: 72, environment: ["XDG_STATE_HOME": state.url.path])
        try await second.waitFor { $0.contains("Collections") }
        // The terminal is tall enough for every key at once.
        try await second.send("?")
        var screen = try await second.waitFor { $0.contains("save the response body to a file") }
        #expect(screen.contains("History: this request's past responses"))
        try await second.send("Escape")
        try await second.waitFor { !$0.contains("any other key closes") }
        try await second.openWithPalette("list-users", title: "GET Demo/users/list-users")
        screen = try await second.waitFor { $0.contains("from History") }
        #expect(screen.contains("200 OK"))
        try await second.send("H")
        screen = try await second.waitFor { $0.contains("status  size") }
        #expect(screen.contains("✓") == false, "nothing is marked yet")
        try await second.send("Space")
        try await second.waitFor { $0.contains("✓ 1") }
        try await second.send("Enter")
        try await second.send("]", "]")
        screen = try await second.waitFor { $0.contains("\"data\"") }
        try await second.send("q")
        try await second.waitFor { $0.contains("exit=0") }
        await second.stop()
    }
}
