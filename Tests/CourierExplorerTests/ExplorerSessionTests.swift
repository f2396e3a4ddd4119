import CourierCollections
import CourierExplorer
import CourierTestSupport
import CourierUI
import Foundation
import Testing

/// The whole explorer, event loop and effects included, on an in-memory terminal: keys in,
/// frames out, requests over real sockets to the loopback demo server.
@Suite("The explorer's session on a scripted terminal")
struct ExplorerSessionTests {
    /// Runs a session over a copy of the shipped collections until `script` is done, then quits.
    private func withSession(_ script: (ScriptedTerminal, URL) async throws -> Void) async throws {
        let folder = try TemporaryDirectory()
        let collections = try folder.copy(Checkout.collections, as: "Collections")
        let terminal = ScriptedTerminal(width: 120, height: 40)
        let session = ExplorerSession(terminal: terminal, settings: ExplorerSettings(),
                                      tree: CollectionLoader.load(collections), demo: TestDemoURL())
        let loop = Thread { session.run() }
        loop.start()
        defer { terminal.hangUp() }
        try await terminal.waitFor { $0.contains("Demo") }
        try await script(terminal, collections)
        terminal.press(.character("q"))
        try await terminal.waitFor { _ in loop.isFinished }
    }

    /// Opens a request through the palette (`p`, its name, Enter) and waits for its pane.
    private func open(_ name: String, titled title: String, in terminal: ScriptedTerminal) async throws {
        terminal.press(.character("p"))
        terminal.type(name)
        terminal.press(.enter)
        try await terminal.waitFor { $0.contains(title) }
    }

    @Test("A request chosen in the palette opens, and ctrl-r sends it to the server")
    func openAndSend() async throws {
        try await withSession { terminal, _ in
            try await open("create-user", titled: "POST Demo/users/create-user", in: terminal)
            terminal.press(.ctrl("r"))
            let screen = try await terminal.waitFor { $0.contains("201 Created") }
            #expect(screen.contains("\"name\": \"Ada Lovelace\""))
        }
    }

    @Test("y on the cURL tab copies the command through the terminal's clipboard")
    func copiesThroughTheBackend() async throws {
        try await withSession { terminal, _ in
            try await open("list-users", titled: "GET Demo/users/list-users", in: terminal)
            // To the response pane, then its cURL tab (Body, Headers, Key path, cURL).
            terminal.press(.tab, .tab, .character("]"), .character("]"), .character("]"))
            try await terminal.waitFor { $0.contains("curl ") }
            terminal.press(.character("y"))
            try await terminal.waitFor { _ in !terminal.copied.isEmpty }
            #expect(terminal.copied.first?.hasPrefix("curl") == true)
            #expect(terminal.copied.first?.contains("/users") == true)
        }
    }
}
