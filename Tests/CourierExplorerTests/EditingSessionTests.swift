import CourierCollections
import CourierExplorer
import CourierTestSupport
import Foundation
import Testing

/// The editing comforts in a whole session: real files, the real demo server, the real journal.
@Suite("Editing comforts in a session", .serialized)
struct EditingSessionTests {
    @Test("A .txt put where a .png was goes out as text/plain, as the demo server's multipart parser reads it")
    func multipartContentType() async throws {
        try await SessionHarness.run { terminal, collections in
            try Data("hello\n".utf8).write(to: collections.appendingPathComponent("Demo/files/notes.txt"))
            try await SessionHarness.open("upload-avatar", titled: "POST Demo/files/upload-avatar", in: terminal)
            terminal.press(.tab, .character("]"), .character("]"), .character("j"), .character("j"), .enter, .ctrl("u"))
            terminal.type("@notes.txt")
            terminal.press(.enter)
            try await terminal.waitFor { $0.contains("text/plain  (from the file name") }
            terminal.press(.ctrl("r"))
            let screen = try await terminal.waitFor(timeout: 60) { $0.contains("\"contentType\": \"text/plain\"") }
            #expect(!screen.contains("image/png"), "\(screen)")
            // The edit was only to send: it is let go on the way out.
            terminal.press(.character("q"), .character("d"))
        }
    }

    @Test("The Headers tab shows the headers of Demo/collection.yaml, read by the real loader")
    func inheritedHeaders() async throws {
        try await SessionHarness.run { terminal, _ in
            try await SessionHarness.open("list-users", titled: "GET Demo/users/list-users", in: terminal)
            terminal.press(.tab, .character("]"))
            let screen = try await terminal.waitFor { $0.contains("from Demo/collection.yaml") }
            #expect(screen.contains("Accept") && screen.contains("application/json"), "\(screen)")
        }
    }

    @Test("Edits of two requests are both journaled; after a crash both come back, and S saves both and drops the drafts")
    func severalDraftsSurvive() async throws {
        let state = try TemporaryDirectory()
        let folder = try TemporaryDirectory()
        let collections = try folder.copy(Checkout.collections, as: "Collections")
        let store = FileCollectionStore(directory: collections)
        let drafts = StateFolder.drafts(collectionRoot: collections.appendingPathComponent("Demo"), processEnvironment: ["XDG_STATE_HOME": state.url.path])
        let (first, loop) = try await SessionHarness.start(on: store, state: state.url)
        for (name, title) in [("create-user", "POST Demo/users/create-user"), ("list-users", "GET Demo/users/list-users")] {
            try await SessionHarness.open(name, titled: title, in: first)
            first.press(.tab, .character("k"), .enter)
            first.type(" edited")
            first.press(.enter, .backTab)
            try await first.waitFor { $0.contains(" edited") }
        }
        try await first.waitFor { _ in drafts.fileNames().count == 2 }
        first.hangUp()
        try await first.waitFor { _ in loop.isFinished }

        let (second, again) = try await SessionHarness.start(on: store, state: state.url)
        defer { second.hangUp() }
        let screen = try await second.waitFor { $0.contains("restored unsaved edits of Demo/users/list-users") }
        #expect(screen.contains("create-user ●"), "the other request waits with its edits, marked: \(screen)")
        second.press(.character("S"))
        try await second.waitFor { _ in drafts.fileNames().isEmpty }
        for name in ["create-user", "list-users"] {
            let text = try String(contentsOf: collections.appendingPathComponent("Demo/users/\(name).yaml"), encoding: .utf8)
            #expect(text.hasPrefix("name: ") && text.components(separatedBy: "\n")[0].hasSuffix(" edited"), "\(text)")
        }
        second.press(.character("q"))
        try await second.waitFor { _ in again.isFinished }
    }

    @Test("The file picker lists a folder typed anywhere: relative, absolute and under ~")
    func browsing() async throws {
        let home = try TemporaryDirectory()
        try Data("x".utf8).write(to: home.url.appendingPathComponent("picture.png"))
        let folder = try TemporaryDirectory()
        let collections = try folder.copy(Checkout.collections, as: "Collections")
        try await SessionHarness.run(on: FileCollectionStore(directory: collections), environment: ["HOME": home.url.path]) { terminal in
            try await SessionHarness.open("upload-avatar", titled: "POST Demo/files/upload-avatar", in: terminal)
            terminal.press(.tab, .character("]"), .character("]"), .character("j"), .character("j"), .character("o"))
            try await terminal.waitFor { $0.contains("Attach a file") }
            terminal.type("../")
            // The first entries: the list is longer than the picker (Demo has more folders than it shows).
            try await terminal.waitFor { $0.contains("../auth/") && $0.contains("../big/") }
            terminal.press(.ctrl("u"))
            terminal.type("~/")
            let picture = (home.url.path.hasSuffix("/") ? String(home.url.path.dropLast()) : home.url.path) + "/picture.png"
            try await terminal.waitFor { $0.contains(picture) }
            terminal.type("pic")
            terminal.press(.enter, .ctrl("s"))
            try await terminal.waitFor { $0.contains("saved Demo/files/upload-avatar") }
            let text = try String(contentsOf: collections.appendingPathComponent("Demo/files/upload-avatar.yaml"), encoding: .utf8)
            #expect(text.contains("{name: avatar, file: \(picture), mime: image/png}"), "\(text)")
        }
    }
}
