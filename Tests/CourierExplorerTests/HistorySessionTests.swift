import CourierCollections
import CourierExplorer
import CourierHistory
import CourierTestSupport
import CourierUI
import Foundation
import Testing

/// History kept between sessions, with the whole explorer on a scripted terminal and requests
/// going to the loopback demo server. One after another: they share the demo server and each
/// sends several requests.
@Suite("History between sessions", .serialized)
struct HistorySessionTests {
    /// The History store of the copy's Demo collection, no environment.
    static func store(collections: URL, state: URL) throws -> HistoryStore {
        try HistoryStore(folder: folder(collections: collections, state: state))
    }

    static func folder(collections: URL, state: URL) -> StateFolder {
        StateFolder(collectionRoot: collections.appendingPathComponent("Demo"), environment: nil,
                    processEnvironment: ["XDG_STATE_HOME": state.path])
    }

    /// Waits until History holds `count` responses of `id`.
    static func waitForEntries(_ count: Int, of id: String, collections: URL, state: URL) async throws {
        let deadline = Date().addingTimeInterval(30)
        while try store(collections: collections, state: state).entries(requestID: id).count < count {
            guard Date() < deadline else { throw HistoryTimeout() }
            try await Task.sleep(for: .milliseconds(50))
        }
    }

    struct HistoryTimeout: Error {}

    /// `s`, then `path` in place of the name offered, then Enter.
    static func typeSavePath(_ path: String, in terminal: ScriptedTerminal) async throws {
        terminal.press(.character("s"))
        try await terminal.waitFor { $0.contains("body to") }
        terminal.press(.ctrl("u"))
        terminal.type(path)
        terminal.press(.enter)
    }

    @Test("a response outlives the session: the next one shows it, reads its body back, and sends its request again")
    func outlivesTheSession() async throws {
        let state = try TemporaryDirectory()
        let folder = try TemporaryDirectory()
        let collections = try folder.copy(Checkout.collections, as: "Collections")
        let store = FileCollectionStore(directory: collections)
        try await SessionHarness.run(on: store, state: state.url) { terminal in
            try await SessionHarness.open("create-user", titled: "POST Demo/users/create-user", in: terminal)
            terminal.press(.ctrl("r"))
            try await terminal.waitFor { $0.contains("201 Created") }
            try await Self.waitForEntries(1, of: "Demo/users/create-user", collections: collections, state: state.url)
        }
        let kept = try Self.store(collections: collections, state: state.url).entries(requestID: "Demo/users/create-user")
        #expect(kept.first?.status == 201)
        #expect(kept.first?.method == "POST")
        #expect(kept.first?.definition?.contains("name: Create a user") == true)

        try await SessionHarness.run(on: store, state: state.url) { terminal in
            try await SessionHarness.open("create-user", titled: "POST Demo/users/create-user", in: terminal)
            var screen = try await terminal.waitFor { $0.contains("from History") }
            #expect(screen.contains("201 Created"))
            terminal.press(.character("H"))
            try await terminal.waitFor { $0.contains("status  size") }
            terminal.press(.enter, .character("]"), .character("]"))
            screen = try await terminal.waitFor { $0.contains("\"name\": \"Ada Lovelace\"") }
            #expect(screen.contains("\"email\": \"ada@example.com\""))

            // r in History sends the request again, through the demo server, and History keeps a second response.
            terminal.press(.character("["), .character("["), .character("r"))
            try await terminal.waitFor { $0.contains("sending Demo/users/create-user again") || $0.contains("201 Created · ") }
            try await Self.waitForEntries(2, of: "Demo/users/create-user", collections: collections, state: state.url)

            // The two bodies differ by the id the server gave: d compares them.
            terminal.press(.character("H"), .character("g"), .character(" "), .character("G"), .character(" "), .character("d"))
            screen = try await terminal.waitFor { $0.contains("lines differ") }
            #expect(screen.contains("-     \"id\": "))
            #expect(screen.contains("+     \"id\": "))
            terminal.press(.escape)
        }
    }

    @Test("a History file that is not a database is named in the status line, and requests still go out")
    func corruptDatabase() async throws {
        let state = try TemporaryDirectory()
        let folder = try TemporaryDirectory()
        let collections = try folder.copy(Checkout.collections, as: "Collections")
        let history = Self.folder(collections: collections, state: state.url)
        try history.write(Data(String(repeating: "not a database\n", count: 200).utf8), to: HistoryStore.fileName)
        try await SessionHarness.run(on: FileCollectionStore(directory: collections), state: state.url) { terminal in
            try await SessionHarness.open("list-users", titled: "GET Demo/users/list-users", in: terminal)
            try await terminal.waitFor { $0.contains("history is unavailable") }
            terminal.press(.ctrl("r"))
            var screen = try await terminal.waitFor { $0.contains("200 OK") }
            #expect(screen.contains("\"data\""))
            // The History tab has room for the whole sentence, and lists this session's response.
            terminal.press(.character("H"))
            screen = try await terminal.waitFor { $0.contains("status  size") }
            #expect(screen.replacingOccurrences(of: "│", with: "").contains("is not a database"))
            #expect(screen.contains("(file is not a database); courier runs without"))
        }
        #expect(FileManager.default.contents(atPath: history.url.appendingPathComponent(HistoryStore.fileName).path)
            == Data(String(repeating: "not a database\n", count: 200).utf8), "the broken file is left as it was")
    }

    @Test("s saves a spooled 17 MB body piece by piece, and replaces a file only after asking")
    func savesSpooledBody() async throws {
        let state = try TemporaryDirectory()
        let output = try TemporaryDirectory()
        let target = output.url.appendingPathComponent("big.json")
        try await SessionHarness.run(state: state.url) { terminal, collections in
            try await SessionHarness.open("big-json", titled: "GET Demo/big/big-json", in: terminal)
            terminal.press(.ctrl("r"))
            try await terminal.waitFor(timeout: 60) { $0.contains("200 OK") }
            try await Self.typeSavePath(target.path, in: terminal)
            try await terminal.waitFor(timeout: 60) { $0.contains("saved 18 MB to \(target.path)") }
            let saved = try Data(contentsOf: target)
            #expect(saved.count > 17_000_000)
            #expect(saved.first == UInt8(ascii: "{"))
            // The same bytes History kept as a file, since nothing in them is secret.
            try await Self.waitForEntries(1, of: "Demo/big/big-json", collections: collections, state: state.url)
            let store = try Self.store(collections: collections, state: state.url)
            let entry = try #require(try store.entries(requestID: "Demo/big/big-json").first)
            guard case .file = entry.body else {
                Issue.record("a 17 MB body should be kept as a file, not \(entry.body)")
                return
            }
            #expect(try store.body(of: entry) == saved)

            try Data("mine".utf8).write(to: target)
            try await Self.typeSavePath(target.path, in: terminal)
            try await terminal.waitFor { $0.contains("exists. Replace it") }
            terminal.press(.escape)
            try await Task.sleep(for: .milliseconds(200))
            #expect(try Data(contentsOf: target) == Data("mine".utf8), "Cancel leaves the file alone")
            try await Self.typeSavePath(target.path, in: terminal)
            try await terminal.waitFor { $0.contains("exists. Replace it") }
            terminal.press(.enter)
            try await terminal.waitFor(timeout: 60) { $0.contains("saved 18 MB to \(target.path)") }
            #expect(try Data(contentsOf: target) == saved)
        }
    }
}
