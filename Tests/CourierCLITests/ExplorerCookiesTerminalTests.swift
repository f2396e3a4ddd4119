import CourierTestSupport
import Foundation
import Testing

/// The Cookies view in a real terminal: the built explorer under tmux on a copy of the Demo
/// collection, sending to the demo server, sharing its jar with `courier cookies`.
@Suite("courier explorer shows the cookie jar, in tmux", .serialized)
struct ExplorerCookiesTerminalTests {
    @Test("J lists the jar masked, ⏎ inspects, Y copies a value, d deletes; Debug names a refused cookie; the CLI sees the same jar")
    func cookiesView() async throws {
        try await ExclusiveTime.run { try await exclusiveCookiesView() }
    }

    private func exclusiveCookiesView() async throws {
        let folder = try TemporaryDirectory()
        let collections = try folder.copy(Checkout.collections, as: "Collections")
        let state = try TemporaryDirectory()
        let environment = ["XDG_STATE_HOME": state.url.path, "COURIER_DEMO_URL": try await TestServer.url().absoluteString]
        let command = "\(ShellText.quote(Explorer.binary)) --collections \(ShellText.quote(collections.path)); echo \"exit=$?\""
        let session = try await TmuxSession(command: command, width: 120, height: 40, environment: environment)
        _ = try await session.tmuxCommand("set", "-s", "set-clipboard", "on")
        try await session.waitFor { $0.contains("Collections") }

        try await session.openWithPalette("set-foreign-cookie", title: "GET Demo/cookies/set-foreign-cookie")
        try await session.send("C-r")
        try await session.waitFor { $0.contains("200 OK") }
        // Response pane: Body, Headers, Key path, cURL, Debug.
        try await session.send("Tab", "Tab", "]", "]", "]", "]")
        var screen = try await session.waitFor { $0.contains("attempts") }
        #expect(screen.contains("the cookie \"tracker\" set by 127.0.0.1 was rejected"), "\(screen)")

        try await session.openWithPalette("set-cookie", title: "GET Demo/cookies/set-cookie")
        try await session.send("C-r")
        try await session.waitFor { $0.contains("200 OK") }
        try await session.send("J")
        screen = Self.overlay(try await session.waitFor { Self.overlay($0).contains("127.0.0.1  /") })
        #expect(screen.contains("127.0.0.1") && screen.contains("••••••") && !screen.contains("tracker"), "\(screen)")
        #expect(!screen.contains("oatmeal"), "the value is masked:\n\(screen)")

        let cli = try await Processes.run([Explorer.binary, "cookies", "list", "Demo", "--show-secrets", "--collections", collections.path],
                                          environment: environment)
        #expect(cli.stdoutText.contains("flavour") && cli.stdoutText.contains("oatmeal"), "courier cookies sees the explorer's jar: \(cli.stdoutText)")

        try await session.send("Enter")
        screen = Self.overlay(try await session.waitFor { $0.contains("127.0.0.1 only (no Domain attribute)") })
        #expect(!screen.contains("oatmeal") && screen.contains("••••••"), "\(screen)")
        try await session.send("Y")
        screen = try await session.waitFor { $0.contains("copied the value of the cookie flavour") }
        #expect(!screen.contains("copied oatmeal"), "the status line names the value, never shows it")
        let copied = try await session.tmuxCommand("show-buffer").stdoutText
        #expect(copied == "oatmeal", "Y copies the real value: \(copied)")
        // Esc and d apart: sent together, a terminal reads them as alt-d.
        try await session.send("Escape")
        try await session.waitFor { $0.contains("⏎ inspect") }
        try await session.send("d")
        try await session.waitFor { $0.contains("no cookies kept") }
        try await session.send("Escape")
        try await session.waitFor { !$0.contains("Cookies · Demo") }

        try await session.openWithPalette("show-cookies", title: "GET Demo/cookies/show-cookies")
        try await session.send("C-r")
        screen = try await session.waitFor { $0.contains("200 OK") }
        #expect(!screen.contains("oatmeal"), "a deleted cookie is not sent:\n\(screen)")
        try await session.send("q")
        try await session.waitFor { $0.contains("exit=0") }
        await session.stop()
    }

    /// The part of `screen` from the Cookies overlay's top-left corner rightwards and down to its
    /// bottom edge: what the view shows, without the request pane beside and behind it.
    private static func overlay(_ screen: String) -> String {
        let lines = screen.split(separator: "\n", omittingEmptySubsequences: false).map(Array.init)
        guard let top = lines.firstIndex(where: { String($0).contains("┏ Cookies") }),
              let column = lines[top].indices.first(where: { String(lines[top][$0...]).hasPrefix("┏ Cookies") }) else { return "" }
        var shown: [String] = []
        for line in lines[top...] where line.count > column {
            shown.append(String(line[column...]))
            if line[column] == "┗" { break }
        }
        return shown.joined(separator: "\n")
    }
}
