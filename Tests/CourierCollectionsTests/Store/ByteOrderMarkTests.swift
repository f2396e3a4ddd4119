import CourierCollections
import Foundation
import Testing

@Suite("Files that start with a UTF-8 byte order mark")
struct ByteOrderMarkTests {
    static let mark = "\u{FEFF}"

    @Test("A request file with a BOM saves without a false conflict, keeps its BOM, and the hash returned guards the next save",
          arguments: StoreKind.allCases)
    func requestKeepsMark(kind: StoreKind) throws {
        let fixture = try StoreFixture(kind, ["API/get.yaml": Self.mark + "name: Get\npath: users\n"])
        let request = try #require(fixture.store.load().request(id: "API/get"))
        var draft = request.definition
        draft.path = "people"
        let hash = try fixture.store.saveRequest("API/get", draft, expecting: request.contentHash)
        let bytes = try #require(fixture.store.contents(of: fixture.url("API/get.yaml")))
        #expect(bytes == Data((Self.mark + "name: Get\npath: people\n").utf8))
        #expect(hash == ContentHash(bytes), "the hash of the bytes written")
        draft.path = "folks"
        try fixture.store.saveRequest("API/get", draft, expecting: hash)
        #expect(fixture.text("API/get.yaml") == Self.mark + "name: Get\npath: folks\n")
    }

    @Test("Settings, order lists and environments keep their BOM", arguments: StoreKind.allCases)
    func otherFilesKeepMark(kind: StoreKind) throws {
        let fixture = try StoreFixture(kind, [
            "API/collection.yaml": Self.mark + "name: API\norder: [a, b]\n", "API/a.yaml": "path: a\n", "API/b.yaml": "path: b\n",
            "API/environments/local.yaml": Self.mark + "host: h\n",
        ])
        let store = fixture.store
        try store.renameRequest("API/a", to: "c")
        #expect(fixture.text("API/collection.yaml") == Self.mark + "name: API\norder: [c, b]\n")
        let settings = try #require(fixture.store.contents(of: fixture.url("API/collection.yaml")))
        let definition = try #require(DocumentParser.collection("name: API\norder: [c, b]\n", file: "c").0)
        var draft = definition
        draft.name = "Api"
        try store.saveCollection("API", draft, expecting: ContentHash(settings))
        #expect(fixture.text("API/collection.yaml") == Self.mark + "name: Api\norder: [c, b]\n")
        let root = fixture.url("API")
        let loaded = store.loadEnvironment("local", in: root)
        var environment = loaded
        environment.variables[0].value = "g"
        try store.saveEnvironment("local", in: root, environment, over: loaded)
        #expect(fixture.text("API/environments/local.yaml") == Self.mark + "host: g\n")
        if kind == .file {
            #expect(try EnvironmentValues.selected("local", collectionRoot: root).values["host"]?.value == "g", "a run reads it too")
        }
    }
}
