@testable import CourierCollections
import CourierTestSupport
import Foundation
import Testing

@Suite("Watching a CollectionStore")
struct WatchTests {
    @Test("An outside write, a new file, a deletion and a rename are reported", arguments: StoreKind.allCases)
    func reportsChanges(kind: StoreKind) async throws {
        let fixture = try StoreFixture(kind, ["API/a.yaml": "path: a\n", "API/b.yaml": "path: b\n", "API/c.yaml": "path: c\n"])
        let log = ChangeLog()
        let watch = try fixture.store.watch { log.record($0) }
        defer { watch.cancel() }
        try fixture.writeOutside("API/a.yaml", "path: a2\n")
        try fixture.writeOutside("API/new/d.yaml", "path: d\n")
        try fixture.removeOutside("API/b.yaml")
        try fixture.renameOutside("API/c.yaml", to: "API/e.yaml")
        let expected: Set<StoreChange> = [
            StoreChange(.changed, "API/a.yaml"), StoreChange(.added, "API/new", isFolder: true), StoreChange(.added, "API/new/d.yaml"),
            StoreChange(.removed, "API/b.yaml"), StoreChange(.removed, "API/c.yaml"), StoreChange(.added, "API/e.yaml"),
        ]
        let seen = await log.wait(for: expected)
        #expect(expected.isSubset(of: seen), "missing: \(expected.subtracting(seen))")
    }

    @Test("A removed folder is reported", arguments: StoreKind.allCases)
    func folders(kind: StoreKind) async throws {
        let fixture = try StoreFixture(kind, ["API/old/x.yaml": "path: x\n", "API/keep.yaml": "path: k\n"])
        let log = ChangeLog()
        let watch = try fixture.store.watch { log.record($0) }
        defer { watch.cancel() }
        try fixture.removeOutside("API/old/x.yaml")
        try fixture.removeOutside("API/old")
        let expected: Set<StoreChange> = [StoreChange(.removed, "API/old/x.yaml"), StoreChange(.removed, "API/old", isFolder: true)]
        let seen = await log.wait(for: expected)
        #expect(expected.isSubset(of: seen), "missing: \(expected.subtracting(seen))")
    }

    @Test("A save through the store is reported as a change of the file; its temporary file is not reported", arguments: StoreKind.allCases)
    func ownSave(kind: StoreKind) async throws {
        let fixture = try StoreFixture(kind, ["API/a.yaml": "path: a  # keep\n"])
        let request = try #require(fixture.store.load().request(id: "API/a"))
        let log = ChangeLog()
        let watch = try fixture.store.watch { log.record($0) }
        defer { watch.cancel() }
        var draft = request.definition
        draft.path = "b"
        try fixture.store.saveRequest("API/a", draft, expecting: request.contentHash)
        let seen = await log.wait(for: [StoreChange(.changed, "API/a.yaml")])
        #expect(seen == [StoreChange(.changed, "API/a.yaml")], "\(seen)")
        #expect(fixture.text("API/a.yaml") == "path: b  # keep\n")
    }

    @Test("The changes stream delivers batches to an async consumer", arguments: StoreKind.allCases)
    func stream(kind: StoreKind) async throws {
        let fixture = try StoreFixture(kind, ["API/a.yaml": "path: a\n"])
        let changes = try fixture.store.changes()
        try fixture.writeOutside("API/a.yaml", "path: z\n")
        var iterator = changes.makeAsyncIterator()
        let batch = await iterator.next()
        #expect(batch?.contains(StoreChange(.changed, "API/a.yaml")) == true, "\(String(describing: batch))")
    }
}

@Suite("Watching by polling, where inotify is not to be had")
struct PollingWatchTests {
    @Test("The polling fallback reports the same changes")
    func polling() async throws {
        let folder = try TemporaryDirectory()
        try folder.write("API/a.yaml", "path: a\n")
        try folder.write("API/b.yaml", "path: b\n")
        let store = FileCollectionStore(directory: folder.url, polling: true)
        let log = ChangeLog()
        let watch = try store.watch { log.record($0) }
        defer { watch.cancel() }
        try Data("path: a, longer now\n".utf8).write(to: folder.url.appendingPathComponent("API/a.yaml"))
        try FileManager.default.moveItem(at: folder.url.appendingPathComponent("API/b.yaml"), to: folder.url.appendingPathComponent("API/c.yaml"))
        try folder.write("API/new/d.yaml", "path: d\n")
        let expected: Set<StoreChange> = [StoreChange(.changed, "API/a.yaml"), StoreChange(.removed, "API/b.yaml"), StoreChange(.added, "API/c.yaml"),
                                          StoreChange(.added, "API/new", isFolder: true), StoreChange(.added, "API/new/d.yaml")]
        let seen = await log.wait(for: expected)
        #expect(expected.isSubset(of: seen), "missing: \(expected.subtracting(seen))")
    }

    @Test("A change names the request it is about, if any")
    func requestIDs() {
        #expect(StoreChange(.changed, "Demo/users/get-user.yaml").requestID == "Demo/users/get-user")
        #expect(StoreChange(.added, "Demo/x.yml").requestID == "Demo/x")
        #expect(StoreChange(.changed, "Demo/collection.yaml").requestID == nil)
        #expect(StoreChange(.changed, "Demo/environments/local.yaml").requestID == nil)
        #expect(StoreChange(.changed, "Demo/local.secret.yaml").requestID == nil)
        #expect(StoreChange(.added, "Demo/users", isFolder: true).requestID == nil)
        #expect(StoreChange(.changed, "Demo/files/avatar.png").requestID == nil)
    }

    @Test("Changes in one batch merge: a new file that is then written stays added; one added and removed vanishes")
    func merging() {
        let merged = ChangeBatcher.merged([StoreChange(.added, "a"), StoreChange(.changed, "a"), StoreChange(.added, "t"), StoreChange(.removed, "t"),
                                           StoreChange(.removed, "b"), StoreChange(.added, "b")])
        #expect(merged == [StoreChange(.added, "a"), StoreChange(.changed, "b")])
    }
}
