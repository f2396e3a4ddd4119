import CourierCollections
import CourierExplorer
import CourierTestSupport
import Foundation

/// A whole explorer session on a scripted terminal over a copy of the shipped collections.
enum SessionHarness {
    /// Runs a session until `script` is done, then quits it; `store` wraps the copy's file store.
    static func run(store wrap: (FileCollectionStore) -> any CollectionStore = { $0 },
                    _ script: (ScriptedTerminal, URL) async throws -> Void) async throws {
        let folder = try TemporaryDirectory()
        let collections = try folder.copy(Checkout.collections, as: "Collections")
        let terminal = ScriptedTerminal(width: 120, height: 40)
        let session = ExplorerSession(terminal: terminal, settings: ExplorerSettings(),
                                      store: wrap(FileCollectionStore(directory: collections)), demo: TestDemoURL())
        let loop = Thread { session.run() }
        loop.start()
        defer { terminal.hangUp() }
        try await terminal.waitFor { $0.contains("Demo") }
        try await script(terminal, collections)
        terminal.press(.character("q"))
        try await terminal.waitFor { _ in loop.isFinished }
    }

    /// Opens a request through the palette (`p`, its name, Enter) and waits for its pane.
    static func open(_ name: String, titled title: String, in terminal: ScriptedTerminal) async throws {
        terminal.press(.character("p"))
        terminal.type(name)
        terminal.press(.enter)
        try await terminal.waitFor { $0.contains(title) }
    }
}
