@testable import CourierExplorer
import CourierCollections
import CourierTestSupport
import Foundation
import Testing

@Suite("The explorer's file operations keep order: lists in step")
struct CollectionFilesOrderTests {
    @Test("Rename keeps the place, duplicate lands beside, move and delete leave no stale name")
    func order() throws {
        let folder = try TemporaryDirectory()
        try folder.write("API/collection.yaml", "name: API\nbaseUrl: http://127.0.0.1:1\norder: [zeta, alpha, mid]\n")
        for name in ["zeta", "alpha", "mid"] { try folder.write("API/\(name).yaml", "name: \(name)\npath: \(name)\n") }
        try folder.write("API/other/collection.yaml", "name: other\n")
        var tree = CollectionLoader.load(folder.url)
        func request(_ id: String) throws -> LoadedRequest { try #require(tree.request(id: id)) }

        let renamed = try CollectionFiles.rename(try request("API/zeta"), to: "Omega", tree: tree)
        tree = CollectionLoader.load(folder.url)
        #expect(renamed == "API/omega")
        #expect(tree.requestIds == ["API/omega", "API/alpha", "API/mid"], "the renamed request keeps first place")

        let copy = try CollectionFiles.duplicate(try request("API/alpha"), tree: tree)
        tree = CollectionLoader.load(folder.url)
        #expect(tree.requestIds == ["API/omega", "API/alpha", copy, "API/mid"], "the copy lands next to its original")

        _ = try CollectionFiles.move(try request("API/mid"), to: "API/other", tree: tree)
        try CollectionFiles.remove(try request("API/omega"), tree: tree)
        tree = CollectionLoader.load(folder.url)
        #expect(tree.requestIds == ["API/alpha", copy, "API/other/mid"])
        #expect(tree.diagnostics.isEmpty, "no order entry names a request that is gone: \(tree.diagnostics)")
        #expect(try String(contentsOf: folder.url.appendingPathComponent("API/collection.yaml"), encoding: .utf8)
                == "name: API\nbaseUrl: http://127.0.0.1:1\norder: [alpha, alpha-copy]\n")
    }
}
