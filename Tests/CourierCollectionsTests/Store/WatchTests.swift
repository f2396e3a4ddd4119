import CourierCollections
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
