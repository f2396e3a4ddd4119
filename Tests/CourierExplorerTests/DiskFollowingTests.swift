import CourierCollections
import CourierExplorer
import CourierTestSupport
import Foundation
import Testing

/// Files on disk are the truth: the session watches the collections, reloads what changed, and
/// never saves over a version it has not seen. Real files, the real watcher, a scripted terminal.
@Suite("The explorer follows changes on disk")
struct DiskFollowingTests {
    static let file = "Demo/users/create-user.yaml"

    /// create-user as a teammate's `git pull` leaves it: a comment, an unknown key, another header value.
    static func outsideEdit(_ collections: URL) throws {
        let url = collections.appendingPathComponent(file)
        var text = try String(contentsOf: url, encoding: .utf8)
        text = "# owned by team-a\n" + text.replacingOccurrences(of: "\"{{$uuid}}\"", with: "fixed-id") + "x-owner: team-a\n"
        try Data(text.utf8).write(to: url, options: .atomic)
    }

    /// Changes the open request's method with the method palette (`m` in the request pane).
    static func pickMethod(_ method: String, in terminal: ScriptedTerminal) async throws {
        terminal.press(.tab, .character("m"))
        try await terminal.waitFor { $0.contains("Method") }
        terminal.type(method)
        terminal.press(.enter)
        try await terminal.waitFor { $0.contains("\(method) Demo/users/create-user") }
    }

    /// Saves with ctrl-s and checks the file holds the method picked here and every outside change.
    static func expectSavedWithBoth(method: String, in terminal: ScriptedTerminal, _ collections: URL) async throws {
        terminal.press(.ctrl("s"))
        try await terminal.waitFor { $0.contains("saved Demo/users/create-user") }
        let text = try String(contentsOf: collections.appendingPathComponent(file), encoding: .utf8)
        #expect(text.hasPrefix("# owned by team-a\nname: Create a user\nmethod: \(method)\n"))
        #expect(text.contains("value: fixed-id}") && text.hasSuffix("x-owner: team-a\n"))
    }

    @Test("An outside change to the open request reloads it in place, and the next save keeps it")
    func cleanReload() async throws {
        try await SessionHarness.run { terminal, collections in
            try await SessionHarness.open("create-user", titled: "POST Demo/users/create-user", in: terminal)
            try Self.outsideEdit(collections)
            try await terminal.waitFor { $0.contains("reloaded Demo/users/create-user") }
            try await Self.pickMethod("PUT", in: terminal)
            try await Self.expectSavedWithBoth(method: "PUT", in: terminal, collections)
        }
    }

    @Test("With unsaved edits, an outside change asks; Keep mine saves both sides' changes")
    func keepMine() async throws {
        try await SessionHarness.run { terminal, collections in
            try await SessionHarness.open("create-user", titled: "POST Demo/users/create-user", in: terminal)
            try await Self.pickMethod("PATCH", in: terminal)
            try Self.outsideEdit(collections)
            try await terminal.waitFor { $0.contains("Keep mine") && $0.contains("Take theirs") }
            terminal.press(.enter)
            try await terminal.waitFor { $0.contains("kept your changes") }
            try await Self.expectSavedWithBoth(method: "PATCH", in: terminal, collections)
        }
    }

    @Test("New and deleted request files appear in and leave the tree while it runs")
    func treeFollows() async throws {
        try await SessionHarness.run { terminal, collections in
            let url = collections.appendingPathComponent("Demo/brand-new.yaml")
            try Data("method: DELETE\npath: users/1\n".utf8).write(to: url)
            try await terminal.waitFor { $0.contains("brand-new") }
            try FileManager.default.removeItem(at: url)
            try await terminal.waitFor { !$0.contains("brand-new") }
        }
    }

    @Test("A problem in a folder's collection.yaml marks that folder and its collection")
    func folderProblemMarksFolder() async throws {
        try await SessionHarness.run { terminal, collections in
            let settings = collections.appendingPathComponent("Demo/forms/collection.yaml")
            try Data("name: Forms\ntimeout: soon\n".utf8).write(to: settings)
            let screen = try await terminal.waitFor { $0.contains("▸ forms") && $0.contains("✗") }
            let row = try #require(screen.split(separator: "\n").first { $0.contains("▸ forms") })
            #expect(row.contains("✗"), "\(screen)")
        }
    }

    @Test("A clean open request whose file is renamed on disk follows it to its new id")
    func followsRename() async throws {
        try await SessionHarness.run { terminal, collections in
            try await SessionHarness.open("get-user", titled: "GET Demo/users/get-user", in: terminal)
            let users = collections.appendingPathComponent("Demo/users")
            try FileManager.default.moveItem(at: users.appendingPathComponent("get-user.yaml"), to: users.appendingPathComponent("fetch-user.yaml"))
            let screen = try await terminal.waitFor { $0.contains("GET Demo/users/fetch-user") }
            #expect(screen.contains("renamed on disk to Demo/users/fetch-user"))
        }
    }

    @Test("A re-read for another reason (a duplicate) still tells the open request its file changed")
    func reloadForAnotherReason() async throws {
        // No watch: only the duplicate's re-read sees the outside change.
        try await SessionHarness.run(store: { UnwatchedStore(files: $0) }) { terminal, collections in
            try await SessionHarness.open("create-user", titled: "POST Demo/users/create-user", in: terminal)
            try await Self.pickMethod("PUT", in: terminal)
            try Self.outsideEdit(collections)
            terminal.press(.backTab, .character("D"))
            // The copy opens; the edits of create-user wait for it, and coming back asks.
            try await terminal.waitFor { $0.contains("wrote Demo/users/create-a-user-copy") && $0.contains("create-user ●") }
            terminal.press(.character("p"))
            terminal.type("create-user")
            terminal.press(.enter)
            try await terminal.waitFor { $0.contains("Keep mine") && $0.contains("Take theirs") }
            terminal.press(.enter)
            try await Self.expectSavedWithBoth(method: "PUT", in: terminal, collections)
        }
    }

    @Test("A dirty open request whose file is renamed on disk follows it; saving writes the new file, not the old one")
    func dirtyFollowsRename() async throws {
        try await SessionHarness.run { terminal, collections in
            try await SessionHarness.open("create-user", titled: "POST Demo/users/create-user", in: terminal)
            try await Self.pickMethod("PATCH", in: terminal)
            let users = collections.appendingPathComponent("Demo/users")
            try FileManager.default.moveItem(at: users.appendingPathComponent("create-user.yaml"), to: users.appendingPathComponent("add-user.yaml"))
            try await terminal.waitFor { $0.contains("PATCH Demo/users/add-user") && $0.contains("renamed on disk to Demo/users/add-user") }
            terminal.press(.ctrl("s"))
            try await terminal.waitFor { $0.contains("saved Demo/users/add-user") }
            #expect(!FileManager.default.fileExists(atPath: users.appendingPathComponent("create-user.yaml").path))
            let text = try String(contentsOf: users.appendingPathComponent("add-user.yaml"), encoding: .utf8)
            #expect(text.hasPrefix("name: Create a user\nmethod: PATCH\n"), "\(text)")
        }
    }

    @Test("A save over a version the explorer has not seen is refused and asks which wins")
    func refusedSave() async throws {
        // No watch: the outside change is found only when saving.
        try await SessionHarness.run(store: { UnwatchedStore(files: $0) }) { terminal, collections in
            try await SessionHarness.open("create-user", titled: "POST Demo/users/create-user", in: terminal)
            try await Self.pickMethod("PUT", in: terminal)
            try Self.outsideEdit(collections)
            let before = try Data(contentsOf: collections.appendingPathComponent(Self.file))
            terminal.press(.ctrl("s"))
            try await terminal.waitFor { $0.contains("Not saved") && $0.contains("Keep mine") }
            #expect(try Data(contentsOf: collections.appendingPathComponent(Self.file)) == before, "nothing was written")
            terminal.press(.enter)
            try await Self.expectSavedWithBoth(method: "PUT", in: terminal, collections)
        }
    }
}

/// The file store with a watch that never reports, as when inotify and polling both miss a change.
struct UnwatchedStore: CollectionStore {
    let files: FileCollectionStore
    var directory: URL { files.directory }
    func contents(of file: URL) -> Data? { files.contents(of: file) }
    func entries(in folder: URL) -> [StoreEntry]? { files.entries(in: folder) }
    func write(_ data: Data, to file: URL, secret: Bool) throws(StoreError) { try files.write(data, to: file, secret: secret) }
    func remove(_ item: URL) throws(StoreError) { try files.remove(item) }
    func move(_ item: URL, to destination: URL) throws(StoreError) { try files.move(item, to: destination) }
    func watch(_ onChange: @escaping @Sendable ([StoreChange]) -> Void) throws(StoreError) -> StoreWatch { StoreWatch {} }
}
