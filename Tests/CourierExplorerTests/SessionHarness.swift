import CourierCollections
import CourierExplorer
import CourierTestSupport
import Foundation

/// A whole explorer session on a scripted terminal over a copy of the shipped collections.
enum SessionHarness {
    /// Runs a session until `script` is done, then quits it; `store` wraps the copy's file store.
    /// `state` is `XDG_STATE_HOME`, a temporary folder when not given.
    static func run(store wrap: (FileCollectionStore) -> any CollectionStore = { $0 }, state: URL? = nil,
                    _ script: (ScriptedTerminal, URL) async throws -> Void) async throws {
        let folder = try TemporaryDirectory()
        let collections = try folder.copy(Checkout.collections, as: "Collections")
        try await run(on: wrap(FileCollectionStore(directory: collections)), state: state) { try await script($0, collections) }
    }

    /// Runs a session over `store` until `script` is done, then quits it; `environment` adds to
    /// the process environment the session sees (`HOME`, say).
    static func run(on store: any CollectionStore, state: URL? = nil, environment: [String: String] = [:],
                    _ script: (ScriptedTerminal) async throws -> Void) async throws {
        let stateHome = try TemporaryDirectory()
        let (terminal, loop) = try await start(on: store, state: state ?? stateHome.url, environment: environment)
        defer { terminal.hangUp() }
        try await script(terminal)
        terminal.press(.character("q"))
        try await terminal.waitFor { _ in loop.isFinished }
    }

    /// Starts a session over `store` on its own thread, captured variables and drafts in
    /// `state` (`XDG_STATE_HOME`, DESIGN.md's "State on disk"); returns once it drew its first frame.
    static func start(on store: any CollectionStore, state: URL, environment: [String: String] = [:]) async throws -> (ScriptedTerminal, Thread) {
        let terminal = ScriptedTerminal(width: 120, height: 40)
        var settings = ExplorerSettings()
        settings.processEnvironment.merge(environment) { $1 }
        settings.processEnvironment["XDG_STATE_HOME"] = state.path
        let session = ExplorerSession(terminal: terminal, settings: settings, store: store, demo: TestDemoURL())
        let loop = Thread { session.run() }
        loop.start()
        try await terminal.waitFor { $0.contains("Collections") }
        return (terminal, loop)
    }

    /// Opens a request through the palette (`p`, its name, Enter) and waits for its pane.
    static func open(_ name: String, titled title: String, in terminal: ScriptedTerminal) async throws {
        terminal.press(.character("p"))
        terminal.type(name)
        terminal.press(.enter)
        try await terminal.waitFor { $0.contains(title) }
    }
}
