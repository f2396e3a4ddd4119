import CourierCollections
import CourierTestSupport
import Foundation
import Testing

@Suite("CollectionStore: the same behaviour on disk and in memory")
struct CollectionStoreTests {
    static let createUser = SampleFiles.createUser

    @Test("Loading keeps each request's text and content hash", arguments: StoreKind.allCases)
    func loadKeepsText(kind: StoreKind) throws {
        let fixture = try StoreFixture(kind, ["API/collection.yaml": "name: API\n", "API/create-user.yaml": Self.createUser])
        let request = try #require(fixture.store.load().request(id: "API/create-user"))
        #expect(request.text == Self.createUser)
        #expect(request.contentHash == ContentHash(Self.createUser))
        #expect(request.definition.method == "POST")
    }

    @Test("A save edits only what changed: comments and unknown keys stay", arguments: StoreKind.allCases)
    func saveIsLossless(kind: StoreKind) throws {
        let fixture = try StoreFixture(kind, ["API/create-user.yaml": Self.createUser])
        let request = try #require(fixture.store.load().request(id: "API/create-user"))
        var draft = request.definition
        draft.headers.append(Field(name: "X-Debug", value: "1"))
        try fixture.store.saveRequest("API/create-user", draft, expecting: request.contentHash)
        #expect(fixture.text("API/create-user.yaml") == Self.createUser.replacingOccurrences(
            of: "  # traced\n", with: "  # traced\n  - {name: X-Debug, value: \"1\"}\n"))
    }

    @Test("A save over a version the caller has not seen is a conflict and writes nothing", arguments: StoreKind.allCases)
    func staleHashConflicts(kind: StoreKind) throws {
        let fixture = try StoreFixture(kind, ["API/create-user.yaml": Self.createUser])
        let request = try #require(fixture.store.load().request(id: "API/create-user"))
        let theirs = Self.createUser.replacingOccurrences(of: "path: users", with: "path: people")
        try fixture.writeOutside("API/create-user.yaml", theirs)
        var draft = request.definition
        draft.name = "Mine"
        #expect(throws: StoreError.conflict(file: fixture.store.display(fixture.url("API/create-user.yaml")))) {
            try fixture.store.saveRequest("API/create-user", draft, expecting: request.contentHash)
        }
        #expect(fixture.text("API/create-user.yaml") == theirs, "their version is untouched")
    }

    @Test("A file that cannot be edited in place is refused with the reason and left untouched", arguments: StoreKind.allCases)
    func notLosslessLeavesFile(kind: StoreKind) throws {
        let text = "path: x\nheaders: &shared\n  - {name: A, value: b}\n"
        let fixture = try StoreFixture(kind, ["API/anchored.yaml": text])
        try fixture.expectRefusedSave("API/anchored", saying: "anchors") { $0.path = "y" }
    }

    @Test("Rename changes the file name only: the title and every byte stay", arguments: StoreKind.allCases)
    func renameKeepsContent(kind: StoreKind) throws {
        let fixture = try StoreFixture(kind, ["API/create-user.yaml": Self.createUser])
        let id = try fixture.store.renameRequest("API/create-user", to: "make-user")
        #expect(id == "API/make-user")
        #expect(fixture.text("API/make-user.yaml") == Self.createUser)
        #expect(fixture.text("API/create-user.yaml") == nil)
        #expect(fixture.store.load().request(id: id)?.definition.name == "Create a user")
    }

    @Test("Rename keeps the place, duplicate lands beside, move and delete leave no stale name", arguments: StoreKind.allCases)
    func orderInStep(kind: StoreKind) throws {
        var files = ["API/collection.yaml": "name: API\nbaseUrl: http://127.0.0.1:1\norder: [zeta, alpha, mid]\n",
                     "API/other/collection.yaml": "name: other\n"]
        for name in ["zeta", "alpha", "mid"] { files["API/\(name).yaml"] = "name: \(name)\npath: \(name)\n" }
        let fixture = try StoreFixture(kind, files)
        let store = fixture.store

        let renamed = try store.renameRequest("API/zeta", to: "Omega")
        #expect(renamed == "API/Omega", "a valid file name is kept as typed")
        #expect(store.load().requestIds == ["API/Omega", "API/alpha", "API/mid"], "the renamed request keeps first place")

        let copy = try store.duplicateRequest("API/alpha")
        #expect(store.load().requestIds == ["API/Omega", "API/alpha", copy, "API/mid"], "the copy lands next to its original")
        #expect(fixture.text(copy + ".yaml") == "name: alpha copy\npath: alpha\n", "a copy of the bytes, the title edited")

        #expect(try store.moveRequest("API/mid", to: "API/other") == "API/other/mid")
        try store.deleteRequest("API/Omega")
        let tree = store.load()
        #expect(tree.requestIds == ["API/alpha", copy, "API/other/mid"])
        #expect(tree.diagnostics.isEmpty, "no order entry names a request that is gone: \(tree.diagnostics)")
        #expect(fixture.text("API/collection.yaml") == "name: API\nbaseUrl: http://127.0.0.1:1\norder: [alpha, alpha-copy]\n")
        #expect(throws: StoreError.self) { try store.deleteRequest("API/Omega") }
    }

    @Test("A new request is written canonically under a free name", arguments: StoreKind.allCases)
    func create(kind: StoreKind) throws {
        let fixture = try StoreFixture(kind, ["API/new-request.yaml": "path: x\n"])
        let id = try fixture.store.createRequest(titled: "New request", in: "API")
        #expect(id == "API/new-request-2")
        #expect(fixture.text("API/new-request-2.yaml") == "name: New request\npath: \"\"\n")
    }

    @Test("collection.yaml saves losslessly too, guarded by its hash", arguments: StoreKind.allCases)
    func collectionSettings(kind: StoreKind) throws {
        let text = "name: API  # shown in the tree\nbaseUrl: http://localhost:1\nx-team: core\n"
        let fixture = try StoreFixture(kind, ["API/collection.yaml": text])
        var draft = try #require(DocumentParser.collection(text, file: "c").0)
        draft.timeout = 5
        try fixture.store.saveCollection("API", draft, expecting: ContentHash(text))
        #expect(fixture.text("API/collection.yaml") == "name: API  # shown in the tree\nbaseUrl: http://localhost:1\ntimeout: 5\nx-team: core\n",
                "timeout goes after baseUrl, its place in the canonical order")
        #expect(throws: StoreError.self) { try fixture.store.saveCollection("API", draft, expecting: ContentHash(text)) }
    }
}
