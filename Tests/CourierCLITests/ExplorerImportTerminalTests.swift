import CourierTestSupport
import Foundation
import Testing

/// Issue 18's import from the explorer's palette in a real terminal: the built explorer under tmux,
/// started in a project folder that holds `docs/demo-openapi.yaml`, imports it by a relative path.
@Suite("courier explorer imports from its palette, in tmux", .serialized)
struct ExplorerImportTerminalTests {
    @Test("import openapi docs/demo-openapi.yaml: the results view lists the files, the tree shows the new requests, the first one open")
    func demoDescription() async throws {
        let project = try TemporaryDirectory()
        let state = try TemporaryDirectory()
        let collections = try project.copy(Checkout.collections, as: "Collections")
        try FileManager.default.createDirectory(at: project.url.appendingPathComponent("docs"), withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: Checkout.root.appendingPathComponent("docs/demo-openapi.yaml"),
                                         to: project.url.appendingPathComponent("docs/demo-openapi.yaml"))
        let command = "cd \(ShellText.quote(project.url.path)) && \(ShellText.quote(Explorer.binary)) --collections Collections"
        let session = try await TmuxSession(command: command, width: 120, height: 40, environment: ["XDG_STATE_HOME": state.url.path])
        var failure: (any Error)?
        do {
            try await session.waitFor { $0.contains("Public APIs") }
            try await session.send("p")
            try await session.waitFor { $0.contains("Go to request") }
            try await session.send("import openapi", literal: true)
            try await session.waitFor { $0.contains("⇣ import openapi · an OpenAPI 3.0/3.1 description") }
            try await session.send("Enter")
            try await session.waitFor { $0.contains("Import openapi: file (relative, absolute or ~/…)") }
            try await session.send("docs/demo-openapi.yaml", literal: true)
            try await session.send("Enter")
            // The destination prompt offers the selected folder (Demo); the import goes to a new collection.
            try await session.waitFor { $0.contains("into (collection or folder)") && $0.contains("Demo") }
            try await session.send("C-u")
            try await session.send("DemoAPI", literal: true)
            try await session.send("Enter")
            var screen = try await session.waitFor { $0.contains("imported 15 request(s) from 1 file(s) into DemoAPI") }
            #expect(screen.contains("Import openapi") && screen.contains("+ DemoAPI/users/list-users.yaml"), "\(screen)")
            #expect(!screen.contains("Not mapped"), "the demo description maps whole: \(screen)")
            // Beside the results, the tree has the new collection open at its first request.
            #expect(screen.contains("▾ DemoAPI") && screen.contains("▾ users") && screen.contains("GET    list-users"), "\(screen)")
            try await session.send("Escape")
            screen = try await session.waitFor { $0.contains("GET DemoAPI/users/list-users") }
            #expect(screen.contains("POST   create-user") && screen.contains("▸ auth") && screen.contains("▸ http"), "\(screen)")
            #expect(FileManager.default.fileExists(atPath: collections.appendingPathComponent("DemoAPI/auth/login.yaml").path))
        } catch {
            failure = error
        }
        await session.stop()
        if let failure { throw failure }
    }
}
