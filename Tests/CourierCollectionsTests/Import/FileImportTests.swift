@testable import CourierCollections
import CourierTestSupport
import Foundation
import Testing

/// `FileImport`, the sequence `courier import FORMAT` and the explorer's palette share: paths as
/// typed, the fixtures read from disk, existing files kept, and a sentence for every input it cannot take.
@Suite("File imports, as the CLI and the explorer run them")
struct FileImportTests {
    /// The fixtures folder, standing in for a home folder and a working directory.
    static let fixtures = ImportFixtures.url("")

    private func job(_ format: ImportFormat, _ file: String, into: String = "Imported") -> FileImport {
        FileImport(format: format, files: [file], into: into, workingDirectory: Self.fixtures, home: Self.fixtures.path)
    }

    @Test("Paths: ~ is the home folder, a relative path is below the working directory, an absolute one stays")
    func paths() {
        let job = FileImport(format: .openapi, files: [], into: "X", workingDirectory: URL(fileURLWithPath: "/work/project"), home: "/home/ada")
        #expect(job.resolve("~/specs/shop.yaml").path == "/home/ada/specs/shop.yaml")
        #expect(job.resolve("specs/../shop.yaml").path == "/work/project/shop.yaml")
        #expect(job.resolve("/tmp/shop.yaml").path == "/tmp/shop.yaml")
        #expect(job.resolve("~ada/shop.yaml").path == "/work/project/~ada/shop.yaml", "only ~ and ~/ stand for the home folder")
    }

    @Test("A fixture through ~: written, its request ids in order, the secrets it moved returned for masking")
    func postmanThroughHome() throws {
        let directory = try TemporaryDirectory()
        let store = FileCollectionStore(directory: directory.url)
        let outcome = try job(.postman, "~/postman/inherited-entities.postman_collection.json", into: "Inherited").run(in: store)
        #expect(outcome.report.requestCount == 8 && outcome.report.requestIds.count == 8)
        #expect(outcome.report.requestIds.allSatisfy { $0.hasPrefix("Inherited/") })
        #expect(outcome.report.unmapped.count == 11)
        #expect(outcome.report.unmapped.allSatisfy { $0.file == "~/postman/inherited-entities.postman_collection.json" }, "items name the file as typed")
        #expect(outcome.secrets.secrets == ["password"], "the literal password moved to a secret file is known as one")
        #expect(CollectionLoader.load(directory.url).requests.count == 8)
    }

    @Test("Importing again keeps every existing file: identical ones unchanged, edited ones kept and listed")
    func keepsExistingFiles() throws {
        let directory = try TemporaryDirectory()
        let store = FileCollectionStore(directory: directory.url)
        let first = try job(.openapi, "openapi/petstore-3.0.yaml", into: "Pets").run(in: store).report
        #expect(first.requestIds == ["Pets/pets/list-pets", "Pets/pets/create-pets", "Pets/pets/show-pet-by-id"])
        let edited = directory.url.appendingPathComponent("Pets/pets/list-pets.yaml")
        try Data("name: mine\npath: pets\n".utf8).write(to: edited)
        let again = try job(.openapi, "openapi/petstore-3.0.yaml", into: "Pets").run(in: store).report
        #expect(again.written.isEmpty && again.unchanged.contains("Pets/pets/create-pets.yaml"))
        #expect(again.unmapped.map(\.description) == ["Pets/pets/list-pets.yaml: the whole file: it exists already and was kept (courier import … --force replaces it)"])
        #expect(try String(contentsOf: edited, encoding: .utf8) == "name: mine\npath: pets\n")
        #expect(again.requestIds == ["Pets/pets/create-pets", "Pets/pets/show-pet-by-id"], "the kept file is not the import's")
    }

    @Test("Inputs it cannot take are one sentence each, and nothing is written", arguments: [
        ("openapi/missing.yaml", "Imported", "cannot read openapi/missing.yaml: no such file, or it is not readable"),
        ("openapi", "Imported", "cannot read openapi: it is a folder; name a file inside it"),
        ("postman/SOURCE.md", "Imported", "cannot import: postman/SOURCE.md is not"),
        ("openapi/petstore-3.0.yaml", "../outside", "--into takes a folder below the collections directory"),
    ])
    func failures(file: String, into: String, sentence: String) throws {
        let directory = try TemporaryDirectory()
        #expect {
            _ = try job(file.hasPrefix("postman") ? .postman : .openapi, file, into: into).run(in: FileCollectionStore(directory: directory.url))
        } throws: { error in
            (error as? ImportError)?.description.hasPrefix(sentence) == true
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.url.path).isEmpty)
    }
}
