import CourierTestSupport
import Foundation
import Testing

/// Keys sent as raw bytes in the encodings other terminals use, and colours read back with
/// `capture-pane -e`, in tmux with `TERM=xterm-256color` (whose terminfo knows neither vt220's
/// Home and End nor tmux's own).
@Suite("courier explorer keys and colours in tmux")
struct ExplorerKeysAndColoursTests {
    /// A collection on the shared test server with a request `API/note` with one header,
    /// `X-Note: one`, and one answering 503.
    private func collection() async throws -> TemporaryDirectory {
        let directory = try TemporaryDirectory()
        let server = try await TestServer.shared()
        try directory.write("API/collection.yaml", "baseUrl: \(server.url)\n")
        try directory.write("API/note.yaml", "path: status/200\nheaders:\n  - {name: X-Note, value: one}\n")
        try directory.write("API/unavailable.yaml", "path: status/503\n")
        return directory
    }

    private func start(_ directory: TemporaryDirectory) async throws -> TmuxSession {
        let session = try await TmuxSession(command: "\(ShellText.quote(Explorer.binary)) --collections \(ShellText.quote(directory.url.path))",
                                            width: 100, height: 30, environment: ["TERM": "xterm-256color", "XDG_CONFIG_HOME": directory.url.path])
        try await session.waitFor { $0.contains("Collections") }
        return session
    }

    /// The explorer with `API/note` open and its header's value being edited; the collection's
    /// folder lives as long as the caller keeps it.
    private func editingTheNoteHeader() async throws -> (TmuxSession, TemporaryDirectory) {
        let directory = try await collection()
        let session = try await start(directory)
        try await session.send("p")
        try await session.send("API/note", literal: true)
        try await session.send("Enter")
        try await session.waitFor { $0.contains("API/note") && $0.contains("Headers 1") }
        // To the Headers tab, and into the header's value.
        try await session.send("Tab", "]", "Enter")
        return (session, directory)
    }

    /// Sends `bytes` to the pane as they are, as a terminal would.
    private func sendBytes(_ session: TmuxSession, _ bytes: [UInt8]) async throws {
        let hex = bytes.map { String($0, radix: 16) }
        _ = try await Processes.run(["tmux", "-L", session.socket, "send-keys", "-t", session.name, "-H"] + hex)
    }

    @Test("Home and End from vt220 and xterm move the cursor in a field instead of ending the edit", arguments: [
        ([0x1B, 0x5B, 0x31, 0x7E], [0x1B, 0x5B, 0x34, 0x7E]),  // ESC [ 1 ~, ESC [ 4 ~ (vt220, screen, tmux)
        ([0x1B, 0x4F, 0x48], [0x1B, 0x4F, 0x46]),              // ESC O H, ESC O F (xterm application mode)
        ([0x1B, 0x5B, 0x48], [0x1B, 0x5B, 0x46]),              // ESC [ H, ESC [ F (xterm normal mode)
        ([0x1B, 0x5B, 0x37, 0x7E], [0x1B, 0x5B, 0x38, 0x7E]),  // ESC [ 7 ~, ESC [ 8 ~ (rxvt)
    ] as [([UInt8], [UInt8])])
    func homeAndEnd(home: [UInt8], end: [UInt8]) async throws {
        let (session, directory) = try await editingTheNoteHeader()
        defer { withExtendedLifetime(directory) {} }
        try await sendBytes(session, home)
        try await session.send("A", literal: true)
        try await sendBytes(session, end)
        try await session.send("Z", literal: true)
        try await session.send("Enter")
        let screen = try await session.waitFor { $0.contains("X-Note    AoneZ") }
        #expect(!screen.contains("oneZA"), "\(screen)")
        await session.stop()
    }

    @Test("ctrl-z in a field undoes, and neither it nor the next key suspends: the explorer answers both")
    func undoInAField() async throws {
        let (session, directory) = try await editingTheNoteHeader()
        defer { withExtendedLifetime(directory) {} }
        try await session.send("End")
        try await session.send("xy", literal: true)
        try await session.waitFor { $0.contains("onexy") }
        // Undo takes back the last key or the run typed (keys that arrive in one read are one run):
        // either way the field changes, which a suspended explorer would not draw.
        try await session.send("C-z")
        let undone = try await session.waitFor { !$0.contains("onexy") }
        #expect(undone.contains("X-Note    one"), "\(undone)")
        // The next keys are answered too: the value is committed and the help opens.
        try await session.send("Enter", "j", "?")
        let screen = try await session.waitFor { $0.contains("any other key closes") }
        #expect(!screen.contains("onexy"), "\(screen)")
        await session.stop()
    }

    @Test("A 503 is drawn in another colour than a 200, with no theme and no config")
    func statusColours() async throws {
        let directory = try await collection()
        let session = try await start(directory)
        try await session.send("p")
        try await session.send("API/note", literal: true)
        try await session.send("Enter", "C-r")
        try await session.waitFor { $0.contains("200 OK") }
        let ok = try await styleBefore("200 OK", in: session)
        try await session.send("p")
        try await session.send("API/unavailable", literal: true)
        try await session.send("Enter", "C-r")
        try await session.waitFor { $0.contains("503 Service Unavailable") }
        let unavailable = try await styleBefore("503 Service Unavailable", in: session)
        #expect(ok.contains("38;5;") && unavailable.contains("38;5;"), "both are coloured: \(ok) \(unavailable)")
        #expect(ok != unavailable)
        await session.stop()
    }

    /// The SGR sequences just before the first `text` on the screen, as `capture-pane -e` shows them.
    private func styleBefore(_ text: String, in session: TmuxSession) async throws -> String {
        let screen = try await Processes.run(["tmux", "-L", session.socket, "capture-pane", "-e", "-p", "-t", session.name]).stdoutText
        guard let range = screen.range(of: text) else { return "" }
        let before = screen[..<range.lowerBound]
        guard let start = before.range(of: "\u{1B}[", options: .backwards) else { return "" }
        return String(before[start.lowerBound...])
    }
}
