import CourierCollections
import CourierExplorer
import CourierTestSupport
import Foundation
import Testing

/// The session over the in-memory store: the same saving and following as on disk, with no disk.
@Suite("The explorer over the memory store")
struct MemoryStoreSessionTests {
    static let file = "API/users/list.yaml"

    @Test("An edit saves only its line; a write by someone else reloads the open request")
    func editAndFollow() async throws {
        let store = MemoryCollectionStore()
        try store.seed([
            "API/collection.yaml": "name: API\nbaseUrl: \"{{$demo}}\"\n",
            Self.file: "# the list\nname: List users\npath: users\nx-owner: team-a  # kept\n",
        ])
        let url = store.directory.appendingPathComponent(Self.file)
        try await SessionHarness.run(on: store) { terminal in
            try await SessionHarness.open("list", titled: "GET API/users/list", in: terminal)
            terminal.press(.tab, .character("m"))
            try await terminal.waitFor { $0.contains("Method") }
            terminal.type("POST")
            terminal.press(.enter, .ctrl("s"))
            try await terminal.waitFor { $0.contains("saved API/users/list") }
            #expect(store.contents(of: url).map { String(decoding: $0, as: UTF8.self) }
                    == "# the list\nname: List users\nmethod: POST\npath: users\nx-owner: team-a  # kept\n")

            try store.write(Data("# the list\nname: List users\nmethod: PUT\npath: users\n".utf8), to: url, secret: false)
            try await terminal.waitFor { $0.contains("reloaded API/users/list") && $0.contains("PUT API/users/list") }
        }
    }
}
