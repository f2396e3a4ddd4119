import CourierTestSupport
import Foundation
import Testing

/// The editing comforts where the terminal matters: the suggestion list drawn over the pane, the
/// `●` marks of several unsaved requests, and the quit question listing them, in tmux.
@Suite("courier explorer editing comforts in tmux", .serialized)
struct ExplorerEditingTerminalTests {
    @Test("A header name suggests standard names under the field; two edited requests are marked and quitting lists both")
    func suggestionsAndUnsaved() async throws {
        let directory = try TemporaryDirectory()
        try directory.write("API/collection.yaml", "baseUrl: http://127.0.0.1:9\nheaders:\n  - {name: User-Agent, value: courier-tests}\n")
        try directory.write("API/first.yaml", "name: The first one\npath: one\n")
        try directory.write("API/second.yaml", "path: two\n")
        let state = try TemporaryDirectory()
        let session = try await TmuxSession(command: "\(ShellText.quote(Explorer.binary)) --collections \(ShellText.quote(directory.url.path)); echo \"exit=$?\"",
                                            width: 120, height: 40, environment: ["XDG_STATE_HOME": state.url.path])
        try await session.waitFor { $0.contains("first  The first one") }

        try await session.openWithPalette("first", title: "GET API/first")
        try await session.send("Tab", "]")
        try await session.waitFor { $0.contains("from API/collection.yaml") }
        try await session.send("a")
        try await session.send("cont", literal: true)
        let listed = try await session.waitFor { $0.contains("Content-Type") && $0.contains("Content-Length") }
        #expect(listed.contains("Content-Encoding"), "\(listed)")
        try await session.send("Down", "Down", "Down", "Down", "Tab")
        try await session.send("Tab")
        try await session.send("text/plain", literal: true)
        try await session.send("Enter")
        try await session.waitFor { $0.contains("[x] Content-Type") && $0.contains("text/plain") }

        try await session.send("BTab")
        try await session.openWithPalette("second", title: "GET API/second")
        try await session.send("Tab", "m")
        try await session.waitFor { $0.contains("Method · or type one") }
        try await session.send("PURGE", literal: true)
        try await session.send("Enter")
        let marked = try await session.waitFor { $0.contains("PURGE API/second") && $0.contains("second ●") }
        #expect(marked.contains("first ●"), "\(marked)")

        try await session.send("q")
        try await session.waitFor { $0.contains("2 requests have unsaved changes: API/second, API/first.") }
        try await session.send("d")
        let screen = try await session.waitFor { $0.contains("exit=") }
        #expect(screen.contains("exit=0"), "\(screen)")
        await session.stop()
        let first = try String(contentsOf: directory.url.appendingPathComponent("API/first.yaml"), encoding: .utf8)
        #expect(first == "name: The first one\npath: one\n", "discarded edits are not written")
    }
}
