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
    @Test("A request chosen in the palette opens, and ctrl-r sends it to the server")
    func openAndSend() async throws {
        try await SessionHarness.run { terminal, _ in
            try await SessionHarness.open("create-user", titled: "POST Demo/users/create-user", in: terminal)
            terminal.press(.ctrl("r"))
            let screen = try await terminal.waitFor { $0.contains("201 Created") }
            #expect(screen.contains("\"name\": \"Ada Lovelace\""))
        }
    }

    @Test("y on the cURL tab copies the command through the terminal's clipboard")
    func copiesThroughTheBackend() async throws {
        try await SessionHarness.run { terminal, _ in
            try await SessionHarness.open("list-users", titled: "GET Demo/users/list-users", in: terminal)
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
