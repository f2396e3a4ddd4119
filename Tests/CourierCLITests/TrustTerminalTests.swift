import CourierDemoServer
import CourierTestSupport
import Foundation
import Testing

/// What issue "Trust" promised, shown in a real terminal (the one-line diff of a lossless save is
/// `ExplorerLosslessSaveTests`): the built explorer under tmux, on a
/// copy of the shipped collections kept in a git repository, talking to a demo server of the
/// test's own whose journal shows what was sent.
@Suite("courier explorer keeps the user's trust, in tmux", .serialized)
struct TrustTerminalTests {
    /// A git repository holding a copy of the shipped collections, an explorer on it in tmux, and
    /// a demo server only this test talks to.
    final class Workspace {
        let folder: TemporaryDirectory
        let collections: URL
        let server: DemoServer
        var session: TmuxSession?

        init(prepare: (URL) throws -> Void = { _ in }) async throws {
            folder = try TemporaryDirectory()
            collections = try folder.copy(Checkout.collections, as: "Collections")
            try prepare(collections)
            server = try await DemoServer.start()
            _ = try await git("init", "-q")
            _ = try await git("add", "-A")
            _ = try await git("-c", "user.name=t", "-c", "user.email=t@example.com", "commit", "-qm", "start")
        }

        func start() async throws -> TmuxSession {
            // From the project folder, as a user runs it: messages name files as `Collections/…`.
            let project = collections.deletingLastPathComponent().path
            let command = "cd \(ShellText.quote(project)) && \(ShellText.quote(Explorer.binary)) --collections Collections"
            let session = try await TmuxSession(command: command, width: 120, height: 40, environment: ["COURIER_DEMO_URL": server.url])
            self.session = session
            try await session.waitFor { $0.contains("Public APIs") }
            return session
        }

        func git(_ arguments: String...) async throws -> String {
            let result = try await Processes.run(["git", "-C", collections.path] + arguments)
            guard result.status == 0 else { throw TestSupportError("git \(arguments.joined(separator: " ")): \(result.stderr)") }
            return result.stdoutText
        }

        func text(_ path: String) throws -> String {
            try String(contentsOf: collections.appendingPathComponent(path), encoding: .utf8)
        }

        func stop() async {
            if let session {
                try? await session.send("C-c")
                await session.stop()
            }
            await server.stop()
        }
    }

    /// Runs `body` on a new workspace's explorer, stopping both whatever happens.
    private func withExplorer(prepare: (URL) throws -> Void = { _ in },
                              _ body: (Workspace, TmuxSession) async throws -> Void) async throws {
        let workspace = try await Workspace(prepare: prepare)
        do {
            try await body(workspace, try await workspace.start())
        } catch {
            await workspace.stop()
            throw error
        }
        await workspace.stop()
    }

    /// Opens a request with the palette; nothing is sent.
    private func open(_ name: String, _ title: String, in session: TmuxSession) async throws {
        try await session.openWithPalette(name, title: title)
    }

    /// In the open request: Headers tab, a new row `name: value`, committed.
    private func addHeader(_ name: String, _ value: String, in session: TmuxSession) async throws {
        try await session.send("Tab", "]", "a")
        try await session.send(name, literal: true)
        try await session.send("Tab")
        try await session.send(value, literal: true)
        try await session.send("Enter")
        try await session.waitFor { $0.contains("[x] \(name)") && $0.contains("● unsaved") }
    }

    @Test("A change made outside survives the next save")
    func outsideChangeSurvives() async throws {
        try await withExplorer { workspace, session in
            try await open("create-user", "POST Demo/users/create-user", in: session)
            // A teammate's change arrives (git pull, another editor) while the request is open.
            let file = workspace.collections.appendingPathComponent("Demo/users/create-user.yaml")
            let theirs = try workspace.text("Demo/users/create-user.yaml").replacingOccurrences(of: "role: admin", with: "role: editor")
            try Data(("# reviewed\n" + theirs).utf8).write(to: file, options: .atomic)
            try await session.waitFor { $0.contains("reloaded Demo/users/create-user") }
            try await addHeader("X-Trace", "e2e", in: session)
            try await session.send("C-s")
            try await session.waitFor { $0.contains("saved Demo/users/create-user") }
            let text = try workspace.text("Demo/users/create-user.yaml")
            #expect(text.hasPrefix("# reviewed\nname: Create a user\n"), "the outside change is kept:\n\(text)")
            #expect(text.contains("  - {name: X-Trace, value: e2e}\n") && text.contains("role: editor"))
        }
    }

    @Test("A file with `methd:` is marked in the tree and never sent")
    func typoNeverSent() async throws {
        try await withExplorer(prepare: { collections in
            try Data("name: Remove user 3\nmethd: DELETE\npath: users/3\n".utf8)
                .write(to: collections.appendingPathComponent("Demo/users/remove-three.yaml"))
        }) { workspace, session in
            // The folder holding it is marked while collapsed, the row itself once shown.
            var screen = try await session.waitFor { $0.contains("▸ users") }
            #expect(screen.split(separator: "\n").first { $0.contains("▸ users") }?.contains("✗") == true, "users is marked:\n\(screen)")
            try await open("remove-three", "Demo/users/remove-three", in: session)
            screen = try await session.waitFor { $0.contains("did you mean 'method'") }
            #expect(screen.contains("? Demo/users/remove-three"), "no method was read, so none is shown as GET:\n\(screen)")
            let row = try #require(screen.split(separator: "\n").first { $0.contains("remove-three") && $0.hasPrefix("┃") })
            #expect(row.contains("✗"), "the row is marked:\n\(row)")
            try await session.send("C-r")
            screen = try await session.waitFor { $0.contains("not sent") }
            #expect(screen.contains("not sent: Collections/Demo/users/remove-three.yaml:2:1"), "the status says where:\n\(screen)")
            // A barrier instead of a sleep: a good request sent after it is the only one the server saw.
            try await open("list-users", "GET Demo/users/list-users", in: session)
            try await session.send("C-r")
            try await session.waitFor { $0.contains("200 OK") }
            let journal = workspace.server.statistics.journal
            #expect(journal.count == 1 && journal.first?.path == "/users", "the server saw only the good request: \(journal.map(\.path))")
        }
    }

    @Test("Enter, l and → on a DELETE open it and send nothing; ctrl-r sends it")
    func browsingSendsNothing() async throws {
        try await withExplorer { workspace, session in
            // Down to users, expand it, down to the DELETE: moving shows each request, sends none.
            try await session.send("j", "l")
            try await session.waitFor { $0.contains("▾ users") }
            try await session.send("j", "j")
            try await session.waitFor { $0.contains("DELETE Demo/users/delete-user") }
            for key in ["Enter", "l", "Right"] {
                try await session.send(key)
                try await session.waitFor { $0.contains("opened Demo/users/delete-user") }
                try await session.send("BTab")
            }
            // ctrl-r is the barrier: had browsing sent the DELETE, the server would have seen two.
            try await session.send("C-r")
            try await session.waitFor { $0.contains("204") || $0.contains("404") || $0.contains("200 OK") }
            let deletes = workspace.server.statistics.journal.filter { $0.method == "DELETE" }
            #expect(deletes.count == 1 && deletes.first?.path == "/users/12", "exactly the one ctrl-r sent: \(deletes.map(\.path))")
        }
    }
}
