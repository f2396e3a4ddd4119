@testable import CourierCollections
import CourierTestSupport
import Foundation
import Testing

/// The real exports under `Fixtures/Import/<format>/`, and a way to write an import and read it back.
enum ImportFixtures {
    static func url(_ path: String) -> URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Fixtures/Import/\(path)")
    }

    static func data(_ path: String) throws -> Data { try Data(contentsOf: url(path)) }

    /// `imported`, finished as the command finishes it, written into `into` of a fresh
    /// collections directory and loaded back the way `courier check` loads it.
    static func written(_ imported: ImportedCollection, into: String = "Imported") throws -> Written {
        var imported = imported
        imported.finish()
        let directory = try TemporaryDirectory()
        let report = try ImportWriter(store: FileCollectionStore(directory: directory.url), into: into).write(imported)
        return Written(directory: directory, report: report, tree: CollectionLoader.load(directory.url))
    }

    struct Written {
        let directory: TemporaryDirectory
        let report: ImportReport
        let tree: CollectionTree

        /// The request of id `id`.
        func request(_ id: String) throws -> RequestDefinition { try #require(tree.requests[id]).definition }

        /// The text of a written file.
        func text(_ path: String) throws -> String { try String(contentsOf: directory.url.appendingPathComponent(path), encoding: .utf8) }
    }
}

extension ImportedCollection {
    /// The request of that name (the first one when several share it).
    func request(named name: String) throws -> RequestDefinition {
        try #require(requests.first { $0.name == name }).request
    }

    /// `METHOD url-or-path` of every request, in order.
    var lines: [String] { requests.map { "\($0.request.method) \($0.request.url ?? $0.request.path ?? "")" } }
}
