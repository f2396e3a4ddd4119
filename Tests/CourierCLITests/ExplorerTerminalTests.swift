import CourierTestSupport
import Foundation
import Testing

/// The explorer as the tmux tests start it: the built binary on the shipped collections.
enum Explorer {
    static var binary: String { Processes.productsDirectory.appendingPathComponent("courier").path }
    /// The shell command, with the binary and the collections directory quoted.
    static var command: String { "\(ShellText.quote(binary)) --collections \(ShellText.quote(Checkout.collections.path))" }
}

/// The explorer in a real terminal under tmux: typing, resizing, quitting.
@Suite("courier explorer in tmux")
struct ExplorerTerminalTests {
    @Test("Types, resizes down to 20×6 and back, shows help, and restores the terminal on quit")
    func typeResizeQuit() async throws {
        try await ExclusiveTime.run { try await exclusiveTypeResizeQuit() }
    }

    /// Runs apart from other CPU-heavy or timing-sensitive tests (see `ExclusiveTime`).
    private func exclusiveTypeResizeQuit() async throws {
        let command = "\(Explorer.command); echo \"exit=$?\""
        // The session's deinit kills its tmux server if an expectation throws before the end.
        let session = try await TmuxSession(command: command, width: 80, height: 24)
        var screen = try await session.waitFor { $0.contains("Collections") && $0.contains("Public APIs") }
        #expect(screen.contains("▸ users"))

        try await session.send("j", "Enter")
        screen = try await session.waitFor { $0.contains("▾ users") }
        #expect(screen.contains("POST   create-user"))
        // Moving shows the request; ctrl-r sends it to the built-in demo server, from the tree.
        try await session.send("j")
        try await session.waitFor { $0.contains("POST Demo/users/create-user") }
        try await session.send("C-r")
        screen = try await session.waitFor { $0.contains("201 Created") }

        // Enter on a DELETE opens it (TrustTerminalTests shows, against the server's journal, that it sends nothing).
        try await session.send("j")
        try await session.waitFor { $0.contains("DELETE Demo/users/delete-user") }
        try await session.send("Enter")
        try await session.waitFor { $0.contains("opened Demo/users/delete-user") }
        try await session.send("BTab")

        _ = try await Processes.run(["tmux", "-L", session.socket, "resize-window", "-t", session.name, "-x", "20", "-y", "6"])
        screen = try await session.waitFor { $0.contains("needs at least") }
        #expect(!screen.contains("Collections"))
        _ = try await Processes.run(["tmux", "-L", session.socket, "resize-window", "-t", session.name, "-x", "80", "-y", "24"])
        screen = try await session.waitFor { $0.contains("Collections") && $0.contains("create-user") }

        try await session.send("?")
        screen = try await session.waitFor { $0.contains("any other key closes") }
        #expect(screen.contains("j, down"))
        try await session.send("Escape")
        _ = try await session.waitFor { !$0.contains("any other key closes") }

        try await session.send("q")
        screen = try await session.waitFor { $0.contains("exit=") }
        #expect(screen.contains("exit=0"))
        #expect(!screen.contains("Collections"), "the explorer's screen must be gone after quitting:\n\(screen)")
        await session.stop()
    }

    @Test("Without a terminal it prints the overview instead of spinning")
    func notATerminal() async throws {
        let result = try await Processes.run([Explorer.binary, "--collections", Checkout.collections.path], timeout: 10)
        #expect(result.status == 0)
        #expect(result.stdoutText.contains("courier run Demo/users/list-users"))
    }
}

@Suite("courier explorer terminal features")
struct ExplorerTerminalFeatureTests {
    private func tmux(_ session: TmuxSession, _ arguments: String...) async throws -> ProcessResult {
        try await Processes.run(["tmux", "-L", session.socket] + arguments)
    }

    @Test("Palette, OSC 52 copy, bracketed paste into the filter, and suspend and resume")
    func features() async throws {
        try await ExclusiveTime.run { try await exclusiveFeatures() }
    }

    /// Runs apart from other CPU-heavy or timing-sensitive tests (see `ExclusiveTime`).
    private func exclusiveFeatures() async throws {
        let command = "\(Explorer.command); echo \"exit=$?\""
        let session = try await TmuxSession(command: command, width: 100, height: 30)
        _ = try await tmux(session, "set", "-s", "set-clipboard", "on")
        try await session.waitFor { $0.contains("Collections") }

        // Palette: fuzzy "login" opens Demo/auth/login.
        try await session.send("p")
        try await session.waitFor { $0.contains("Go to request") }
        try await session.send("login", literal: true)
        try await session.send("Enter")
        var screen = try await session.waitFor { $0.contains("opened Demo/auth/login") }
        #expect(screen.contains("POST   login"))

        // y copies the selected id with OSC 52, which tmux keeps as a paste buffer.
        try await session.send("y")
        screen = try await session.waitFor { $0.contains("copied Demo/auth/login (OSC 52") }
        let buffer = try await tmux(session, "show-buffer")
        #expect(buffer.stdoutText == "Demo/auth/login")

        // A bracketed paste lands in the filter as text, not as keys ("q" would quit).
        try await session.send("/")
        _ = try await tmux(session, "set-buffer", "qdrip")
        _ = try await tmux(session, "paste-buffer", "-p", "-t", session.name)
        screen = try await session.waitFor { $0.contains("/qdrip") }
        try await session.send("Escape")
        try await session.waitFor { !$0.contains("/qdrip") }

        // ctrl-z stops the process with the terminal given back; SIGCONT brings the screen back.
        try await session.send("C-z")
        let stopped = try await session.waitFor { !$0.contains("Collections") }
        #expect(!stopped.contains("┏"))
        _ = try await Processes.run(["pkill", "-CONT", "-f", "\(Explorer.binary) --collections"])
        try await session.waitFor { $0.contains("Collections") && $0.contains("Public APIs") }

        try await session.send("q")
        screen = try await session.waitFor { $0.contains("exit=") }
        #expect(screen.contains("exit=0"))
        await session.stop()
    }
}

@Suite("courier explorer signals and colours")
struct ExplorerSignalTests {
    @Test("SIGTERM, SIGINT and a crash signal restore the terminal", arguments: [("TERM", 143), ("INT", 130), ("SEGV", 139)])
    func signals(name: String, status: Int) async throws {
        try await ExclusiveTime.run { try await exclusiveSignals(name: name, status: status) }
    }

    /// Runs apart from other CPU-heavy or timing-sensitive tests (see `ExclusiveTime`).
    private func exclusiveSignals(name: String, status: Int) async throws {
        let marker = "signal-\(name)-\(UUID().uuidString.prefix(6))"
        let command = "\(Explorer.command) --theme \(marker) ; echo \"exit=$?\"; stty -a | head -1"
        // The marker is a theme of its own, since a theme found nowhere is refused.
        let config = try TemporaryDirectory()
        try config.write("courier/themes/\(marker).yaml", "styles:\n  border: red\n")
        let session = try await TmuxSession(command: command, width: 100, height: 30, environment: ["XDG_CONFIG_HOME": config.url.path])
        try await session.waitFor { $0.contains("Collections") }
        // Anchored to the binary: the wrapping shell's command line contains the marker too.
        _ = try await Processes.run(["pkill", "-\(name)", "-f", "^\(Explorer.binary) .*theme \(marker)"])
        let screen = try await session.waitFor { $0.contains("exit=") }
        #expect(screen.contains("exit=\(status)"), "\(screen)")
        #expect(!screen.contains("┏ Collections"), "the explorer's screen must be gone")
        await session.stop()
    }

    @Test("Colours degrade to the terminal's 256, and NO_COLOR turns them off")
    func colours() async throws {
        try await ExclusiveTime.run { try await exclusiveColours() }
    }

    /// Runs apart from other CPU-heavy or timing-sensitive tests (see `ExclusiveTime`).
    private func exclusiveColours() async throws {
        let base = "\(Explorer.command)"
        for noColor in [false, true] {
            let session = try await TmuxSession(command: base, width: 100, height: 30, environment: noColor ? ["NO_COLOR": "1"] : [:])
            try await session.waitFor { $0.contains("Collections") }
            let styled = try await Processes.run(["tmux", "-L", session.socket, "capture-pane", "-e", "-p", "-t", session.name]).stdoutText
            // tmux-256color has 256 colours: 24-bit theme colours arrive as 38;5;N / 48;5;N.
            let hasColour = styled.contains("[38;5;") || styled.contains("[48;5;") || styled.contains(";38;5;")
            #expect(hasColour == !noColor, "NO_COLOR=\(noColor):\n\(styled.prefix(400))")
            #expect(styled.contains("[7m") || styled.contains(";7m") || !noColor, "without colour the selection is reverse video")
            await session.stop()
        }
    }
}

@Suite("courier explorer locale and text input")
struct ExplorerLocaleTests {
    @Test("Without a UTF-8 locale it falls back to C.UTF-8: box lines draw and non-ASCII typing works")
    func localeFallback() async throws {
        try await ExclusiveTime.run { try await exclusiveLocaleFallback() }
    }

    /// Runs apart from other CPU-heavy or timing-sensitive tests (see `ExclusiveTime`).
    private func exclusiveLocaleFallback() async throws {
        let command = "\(Explorer.command)"
        let session = try await TmuxSession(command: command, width: 90, height: 24, environment: ["LANG": "", "LC_ALL": "", "LC_CTYPE": ""])
        var screen = try await session.waitFor { $0.contains("Collections") }
        #expect(screen.contains("┏ Collections"), "box lines must not print as q and x:\n\(screen)")
        try await session.send("/")
        try await session.send("日本é", literal: true)
        screen = try await session.waitFor { $0.contains("/日本é") }
        try await session.send("Escape")
        try await session.send("q")
        await session.stop()
    }
}

@Suite("courier explorer mouse")
struct ExplorerMouseTests {
    @Test("A click in the collections pane selects the row under it")
    func click() async throws {
        try await ExclusiveTime.run { try await exclusiveClick() }
    }

    /// Runs apart from other CPU-heavy or timing-sensitive tests (see `ExclusiveTime`).
    private func exclusiveClick() async throws {
        let command = "\(Explorer.command)"
        let session = try await TmuxSession(command: command, width: 90, height: 20)
        let screen = try await session.waitFor { $0.contains("Public APIs") }
        let lines = screen.split(separator: "\n", omittingEmptySubsequences: false)
        let row = try #require(lines.firstIndex { $0.contains("Public APIs") })
        // An X10 mouse report, the format ncurses expects for tmux-256color: ESC [ M, button, column, row (each + 32, 1-based).
        let report = [0x1B, 0x5B, 0x4D, 32, 32 + 6, 32 + row + 1].map { String(format: "%02x", $0) }
        _ = try await Processes.run(["tmux", "-L", session.socket, "send-keys", "-t", session.name, "-H"] + report)
        try await session.send("y")
        try await session.waitFor { $0.contains("copied Public APIs") }
        try await session.send("q")
        await session.stop()
    }

    @Test("SGR reports: a double click unfolds a folder and opens a request, and a click past column 223 switches the response tab")
    func sgrClicks() async throws {
        try await ExclusiveTime.run { try await exclusiveSGRClicks() }
    }

    private func exclusiveSGRClicks() async throws {
        let session = try await TmuxSession(command: Explorer.command, width: 400, height: 30)
        try await session.waitFor { $0.contains("▸ users") }
        // The collections pane as wide as it goes, so the response tabs sit past X10's last column (223).
        for _ in 0..<6 { try await session.send(">") }
        var screen = try await session.waitFor { $0.contains("▸ users") }
        let folder = try #require(Self.cell(of: "▸ users", in: screen))
        try await Self.sendSGR(session, presses: [(folder.row, folder.column + 2), (folder.row, folder.column + 2)])
        screen = try await session.waitFor { $0.contains("list-users") }
        let (row, column) = try #require(Self.cell(of: "list-users", in: screen))
        // Both presses in one write, so a loaded machine cannot stretch them past the double-click interval.
        try await Self.sendSGR(session, presses: [(row, column), (row, column)])
        screen = try await session.waitFor { $0.contains("⏎ edit") && $0.contains("Key path") }
        let tab = try #require(Self.cell(of: " cURL ", in: screen, onRowWith: "Key path"))
        #expect(tab.column > 223, "the click must need SGR: \(tab)")
        try await Self.sendSGR(session, presses: [(tab.row, tab.column + 2)])
        try await session.waitFor { $0.contains("curl '") }
        try await session.send("q")
        await session.stop()
    }

    /// The 0-based row and column of `text` on the screen (on the last row that also holds `marker`, if given).
    private static func cell(of text: String, in screen: String, onRowWith marker: String? = nil) -> (row: Int, column: Int)? {
        let lines = screen.split(separator: "\n", omittingEmptySubsequences: false)
        guard let row = lines.lastIndex(where: { $0.contains(text) && (marker.map($0.contains) ?? true) }),
              let range = lines[row].range(of: text) else { return nil }
        return (row, lines[row].distance(from: lines[row].startIndex, to: range.lowerBound))
    }

    /// Left-button presses as SGR reports (`ESC [ < 0 ; column ; row M`, 1-based), each with its release.
    private static func sendSGR(_ session: TmuxSession, presses: [(row: Int, column: Int)]) async throws {
        let reports = presses.map { "\u{1B}[<0;\($0.column + 1);\($0.row + 1)M\u{1B}[<0;\($0.column + 1);\($0.row + 1)m" }.joined()
        let bytes = Array(reports.utf8).map { String(format: "%02x", $0) }
        _ = try await Processes.run(["tmux", "-L", session.socket, "send-keys", "-t", session.name, "-H"] + bytes)
    }
}

/// The explorer on a pseudo-terminal the test owns, to take the terminal away from under it.
@Suite("courier explorer when its terminal goes")
struct ExplorerHangupTests {
    @Test("When its terminal goes away the explorer exits instead of spinning on failed reads")
    func terminalGone() async throws {
        // Timing-sensitive: a 17 MB test beside it can hold a debug build's exit for seconds.
        try await ExclusiveTime.run { try await exclusiveTerminalGone() }
    }

    private func exclusiveTerminalGone() async throws {
        let terminal = try PseudoTerminal()
        // No session of its own and a parent that stays (this process): only the hang-up can stop it.
        let pid = try Processes.spawn(["sh", "-c", "stty rows 24 cols 80; exec \(Explorer.command)"],
                                      stdin: terminal.path, stdout: terminal.path, stderr: terminal.path,
                                      environment: ["TERM": "xterm-256color"])
        #expect(terminal.read(until: "Public APIs"), "the first frame was drawn")
        terminal.close()
        let started = ContinuousClock.now
        _ = try await Processes.wait(for: pid, timeout: 30)
        #expect(ContinuousClock.now - started < .seconds(20), "it noticed and exited instead of spinning (a loaded debug build takes seconds to exit)")
    }
}
