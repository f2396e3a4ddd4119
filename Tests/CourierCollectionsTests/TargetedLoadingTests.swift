import CourierCollections
import CourierTestSupport
import Foundation
import Testing

/// `courier run ID` reads only the request's file and the settings above it; what it gets must be
/// what the whole tree would have given.
@Suite("Loading one request by id")
struct TargetedLoadingTests {
    @Test("Every shipped request loads by id exactly as in the whole tree")
    func shippedCollections() throws {
        let directory = Checkout.collections
        let tree = CollectionLoader.load(directory)
        #expect(tree.requestIds.count > 20)
        for id in tree.requestIds {
            let whole = try #require(tree.request(id: id))
            let alone = try #require(CollectionLoader.loadRequest(id, in: directory), "\(id)")
            expectSame(alone, whole)
        }
    }

    @Test("Broken settings and request files give the same problems, inherited errors included")
    func problemsMatch() throws {
        let directory = try TemporaryDirectory()
        try directory.write("API/collection.yaml", "baseUrl: http://localhost:1\nheders: []\n")
        try directory.write("API/environments/dev.yaml", "variables: [broken\n")
        try directory.write("API/inner/collection.yaml", "headers:\n  - {name: X-Team, value: a}\n")
        try directory.write("API/inner/typo.yaml", "methd: POST\npath: users\n")
        try directory.write("API/inner/missing-body.yaml", "method: POST\npath: x\nbody:\n  file: ./nowhere.bin\n")
        try directory.write("API/good.yml", "path: fine\n")
        let tree = CollectionLoader.load(directory.url)
        for id in ["API/inner/typo", "API/inner/missing-body", "API/good"] {
            let whole = try #require(tree.request(id: id))
            let alone = try #require(CollectionLoader.loadRequest(id, in: directory.url), "\(id)")
            expectSame(alone, whole)
            #expect(!alone.inheritedProblems.isEmpty, "the collection's typo reaches \(id)")
        }
    }

    @Test("Ids that name no single request file load nothing, so the whole tree answers", arguments: [
        "API", "API/inner", "API/none", "API/twice", "API/environments/dev", "API/.hidden", "API/../API/good", "good", "API/good.yml",
    ])
    func notSingleFiles(id: String) throws {
        let directory = try TemporaryDirectory()
        try directory.write("API/good.yml", "path: fine\n")
        try directory.write("API/inner/r.yaml", "path: r\n")
        try directory.write("API/twice.yaml", "path: a\n")
        try directory.write("API/twice.yml", "path: b\n")
        try directory.write("API/environments/dev.yaml", "variables: {}\n")
        try directory.write("API/.hidden.yaml", "path: h\n")
        try directory.write("good.yaml", "path: top\n")
        #expect(CollectionLoader.loadRequest(id, in: directory.url) == nil)
    }

    private func expectSame(_ alone: LoadedRequest, _ whole: LoadedRequest, sourceLocation: Testing.SourceLocation = #_sourceLocation) {
        #expect(alone.id == whole.id, sourceLocation: sourceLocation)
        #expect(alone.file.standardizedFileURL == whole.file.standardizedFileURL, sourceLocation: sourceLocation)
        #expect(alone.displayPath == whole.displayPath, sourceLocation: sourceLocation)
        #expect(alone.definition == whole.definition, "\(whole.id)", sourceLocation: sourceLocation)
        #expect(alone.settings == whole.settings, "\(whole.id)", sourceLocation: sourceLocation)
        #expect(alone.collectionRoot.standardizedFileURL == whole.collectionRoot.standardizedFileURL, sourceLocation: sourceLocation)
        #expect(alone.text == whole.text && alone.contentHash == whole.contentHash, sourceLocation: sourceLocation)
        #expect(alone.problems == whole.problems, "\(whole.id)", sourceLocation: sourceLocation)
        #expect(alone.inheritedProblems == whole.inheritedProblems, "\(whole.id)", sourceLocation: sourceLocation)
    }
}
