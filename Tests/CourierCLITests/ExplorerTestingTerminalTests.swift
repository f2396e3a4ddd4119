import CourierCollections
import CourierDemoServer
import CourierTestSupport
import Foundation
import Testing

/// Issue 16's explorer part and issue 14's drafts in a real terminal: the built explorer under
/// tmux on a copy of the shipped collections, a demo server of the test's own, and a state folder
/// (`XDG_STATE_HOME`) the test reads.
@Suite("courier explorer tests collections and keeps drafts, in tmux", .serialized)
struct ExplorerTestingTerminalTests {
    /// A copy of the collections, a demo server and a state folder, shared by the explorers a test starts.
    final class Workspace {
        let folder: TemporaryDirectory
        let state: TemporaryDirectory
        let collections: URL
        let server: DemoServer
        var sessions: [TmuxSession] = []

        init() async throws {
            folder = try TemporaryDirectory()
            state = try TemporaryDirectory()
            collections = try folder.copy(Checkout.collections, as: "Collections")
            server = try await DemoServer.start()
        }

        /// An explorer on the copy, started the way a user starts it.
        func start() async throws -> TmuxSession {
            let command = "cd \(ShellText.quote(folder.url.path)) && \(ShellText.quote(Explorer.binary)) --collections Collections"
            let session = try await TmuxSession(command: command, width: 120, height: 40,
                                                environment: ["COURIER_DEMO_URL": server.url, "XDG_STATE_HOME": state.url.path])
            sessions.append(session)
            try await session.waitFor { $0.contains("Public APIs") }
            return session
        }

        /// The drafts folder of the copy's Demo collection.
        var drafts: StateFolder {
            StateFolder.drafts(collectionRoot: collections.appendingPathComponent("Demo"), processEnvironment: ["XDG_STATE_HOME": state.url.path])
        }

        func stop() async {
            for session in sessions { await session.stop() }
            await server.stop()
        }
    }

    /// Runs `body` on a new workspace, stopping its explorers and server whatever happens.
    private func withWorkspace(_ body: (Workspace) async throws -> Void) async throws {
        let workspace = try await Workspace()
        var failure: (any Error)?
        do { try await body(workspace) } catch { failure = error }
        await workspace.stop()
        if let failure { throw failure }
    }

    private func open(_ name: String, _ title: String, in session: TmuxSession) async throws {
        try await session.openWithPalette(name, title: title)
    }

    @Test("The Tests tab: Tests 5/5 in the title, each assertion with ✓, the captured token masked")
    func testsTab() async throws {
        try await withWorkspace { workspace in
            let session = try await workspace.start()
            try await open("flows/sign-in", "POST Demo/flows/sign-in", in: session)
            try await session.send("C-r")
            try await session.waitFor { $0.contains("200 OK") && $0.contains(" Tests 5/5 ") }
            // To the response pane; from Body, `[` goes round to Tests.
            try await session.send("Tab", "Tab", "[")
            let screen = try await session.waitFor { $0.contains("5 of 5 assertions passed") }
            #expect(screen.contains("✓ status == 200") && screen.contains(#"✓ body data/token_type == "Bearer""#), "\(screen)")
            #expect(screen.contains("accessToken  ••••••  (secret)"), "\(screen)")
            let token = try #require(CapturedVariables.load(from: StateFolder(collectionRoot: workspace.collections.appendingPathComponent("Demo"),
                                                                             environment: nil, processEnvironment: ["XDG_STATE_HOME": workspace.state.url.path]))
                .values["accessToken"]?.value)
            #expect(!screen.contains(token), "the captured token is written to the state folder, never shown")
        }
    }

    @Test("T on a folder runs it: a results view with each request's outcome; ⏎ opens one on its Tests tab")
    func folderRun() async throws {
        try await withWorkspace { workspace in
            let session = try await workspace.start()
            // Select the flows folder with the tree's filter, then T.
            try await open("flows/sign-in", "POST Demo/flows/sign-in", in: session)
            try await session.send("h")
            try await session.waitFor { $0.contains("▾ flows") }
            try await session.send("T")
            // ⏎ opens a row only once the run is over, when the title drops "· running".
            var screen = try await session.waitFor {
                $0.contains("Tests of Demo/flows · 7 passed, 0 failed, 1 skipped") && !$0.contains("1 skipped · running")
            }
            #expect(screen.contains("✓ Demo/flows/create") && screen.contains("204 No Content"), "\(screen)")
            #expect(screen.contains("– Demo/flows/failing-example") && screen.contains("skipped (skip: true)"), "\(screen)")
            // The last row: confirm-gone comes before the skipped example; k from the end goes up one.
            try await session.send("G", "k", "Enter")
            screen = try await session.waitFor { $0.contains("GET Demo/flows/confirm-gone") && $0.contains(" Tests 3/3 ") }
            #expect(screen.contains("404 Not Found"), "\(screen)")
            let journal = workspace.server.statistics.journal.map(\.path)
            #expect(journal.contains("/auth/login") && journal.contains("/me"), "the run went to the server: \(journal)")
        }
    }

    @Test("esc cancels a folder run: the request in flight is stopped and the results say so")
    func folderRunCancels() async throws {
        try await withWorkspace { workspace in
            let folder = workspace.collections.appendingPathComponent("Demo/slow")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try Data("path: users/1\n".utf8).write(to: folder.appendingPathComponent("a-quick.yaml"))
            try Data("path: delay/25\n".utf8).write(to: folder.appendingPathComponent("b-slow.yaml"))
            let session = try await workspace.start()
            try await session.send("p")
            try await session.waitFor { $0.contains("Go to request") }
            try await session.send("test Demo/slow", literal: true)
            try await session.send("Enter")
            try await session.waitFor { $0.contains("✓ Demo/slow/a-quick") && $0.contains("⟳ Demo/slow/b-slow") }
            try await session.send("Escape")
            let screen = try await session.waitFor { $0.contains("Tests of Demo/slow · 1 passed, 0 failed, 1 error · cancelled") }
            #expect(screen.contains("! Demo/slow/b-slow") && screen.contains("cancelled"), "\(screen)")
            try await session.send("Escape")
            try await session.waitFor { !$0.contains("Tests of Demo/slow") }
        }
    }

    @Test("Edits survive kill -9: the next start restores them and says so")
    func draftsSurviveKill() async throws {
        try await withWorkspace { workspace in
            let session = try await workspace.start()
            try await open("create-user", "POST Demo/users/create-user", in: session)
            // The Name row, edited.
            try await session.send("Tab", "k", "Enter")
            try await session.send(" after a crash", literal: true)
            try await session.send("Enter")
            try await session.waitFor { $0.contains("Create a user after a crash") && $0.contains("● unsaved") }
            // Written as edits happen, with no save and no quit.
            let drafts = workspace.drafts
            let deadline = ContinuousClock.now + .seconds(20)
            while drafts.fileNames().isEmpty, ContinuousClock.now < deadline { try await Task.sleep(for: .milliseconds(50)) }
            let names = drafts.fileNames()
            #expect(names.count == 1)
            let mode = try FileManager.default.attributesOfItem(atPath: drafts.url.appendingPathComponent(names.first ?? "").path)[.posixPermissions] as? Int
            #expect(mode == 0o600, "a draft is private")
            try await kill9(session)
            let restarted = try await workspace.start()
            let screen = try await restarted.waitFor { $0.contains("restored unsaved edits of Demo/users/create-user") }
            #expect(screen.contains("Create a user after a crash") && screen.contains("● unsaved"), "\(screen)")
            let file = try String(contentsOf: workspace.collections.appendingPathComponent("Demo/users/create-user.yaml"), encoding: .utf8)
            #expect(file.hasPrefix("name: Create a user\n"), "nothing was written to the request file")
        }
    }

    /// Kills the explorer in `session`'s pane with SIGKILL: no handler runs, nothing is flushed.
    private func kill9(_ session: TmuxSession) async throws {
        let pane = try await Processes.run(["tmux", "-L", session.socket, "display-message", "-p", "-t", session.name, "#{pane_pid}"])
        let shell = pane.stdoutText.trimmingCharacters(in: .whitespacesAndNewlines)
        let children = try await Processes.run(["ps", "-o", "pid=,comm=", "--ppid", shell])
        let explorer = children.stdoutText.split(separator: "\n").first { $0.hasSuffix("courier") }
        let pid = try #require(explorer?.split(separator: " ").first.map(String.init), "no courier under pane \(shell): \(children.stdoutText)")
        _ = try await Processes.run(["kill", "-9", pid])
        // The screen keeps its last frame (nothing restores it); the process list says when it is gone.
        let deadline = ContinuousClock.now + .seconds(20)
        while ContinuousClock.now < deadline {
            let alive = try await Processes.run(["ps", "-o", "pid=", "-p", pid])
            if alive.stdoutText.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty { return }
            try await Task.sleep(for: .milliseconds(50))
        }
        throw TestSupportError("courier \(pid) outlived kill -9")
    }
}
