@testable import CourierCollections
import CourierTestSupport
import Foundation
import Testing

/// A whole-tree load parses its files on every core before the walk (`ParsedFiles`); the tree,
/// every request and every diagnostic, in order, must be what parsing one by one gives.
@Suite("Loading with the files parsed ahead")
struct ParsedAheadTests {
    private func expectSameTree(_ directory: URL) {
        let store = FileCollectionStore(directory: directory)
        let ahead = CollectionLoader.load(store, parsingAhead: true)
        let oneByOne = CollectionLoader.load(store, parsingAhead: false)
        #expect(ahead.diagnostics.map(\.description) == oneByOne.diagnostics.map(\.description))
        #expect(ahead.requestIds == oneByOne.requestIds)
        for id in oneByOne.requestIds {
            let (left, right) = (ahead.request(id: id), oneByOne.request(id: id))
            #expect(left?.definition == right?.definition, "\(id)")
            #expect(left?.problems == right?.problems, "\(id)")
            #expect(left?.settings == right?.settings, "\(id)")
            #expect(left?.contentHash == right?.contentHash, "\(id)")
        }
    }

    @Test("The shipped collections load the same either way")
    func shipped() {
        expectSameTree(Checkout.collections)
    }

    @Test("Broken files, environments and settings give the same diagnostics in the same order")
    func broken() throws {
        let directory = try TemporaryDirectory()
        try directory.write("API/collection.yaml", "baseUrl: http://127.0.0.1:1\ntimeout: soon\n")
        try directory.write("API/environments/dev.yaml", "a: [unclosed\n")
        try directory.write("API/environments/dev.secret.yaml", "token: x\n")
        try directory.write("API/good.yaml", "path: a\n")
        try directory.write("API/malformed.yaml", "path: a\n  bad: [\n")
        try directory.write("API/unknown.yaml", "path: a\nheders: []\n")
        try directory.write("API/duplicate.yml", "path: b\n")
        try directory.write("API/duplicate.yaml", "path: c\n")
        try directory.write("API/nested/collection.yaml", "order: [missing]\n")
        try directory.write("API/nested/deep.yaml", "method: 1 2\npath: d\n")
        try Data([0x70, 0x61, 0x74, 0x68, 0x3A, 0x20, 0xFF, 0x0A]).write(to: directory.url.appendingPathComponent("API/binary.yaml"))
        expectSameTree(directory.url)
        #expect(CollectionLoader.load(directory.url).diagnostics.count >= 6)
    }
}
