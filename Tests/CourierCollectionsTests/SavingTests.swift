import CourierCollections
import CourierTestSupport
import Foundation
import Testing

@Suite("Saving collection files")
struct SavingTests {
    private static func shippedFiles(named predicate: (String) -> Bool) throws -> [URL] {
        let enumerator = FileManager.default.enumerator(at: Checkout.collections, includingPropertiesForKeys: nil)
        return (enumerator?.allObjects as? [URL] ?? []).filter { predicate($0.lastPathComponent) }.sorted { $0.path < $1.path }
    }

    @Test("Every shipped file is already in canonical form: load then save changes no byte")
    func shippedFilesAreCanonical() throws {
        for file in try Self.shippedFiles(named: { $0.hasSuffix(".yaml") }) {
            let text = try String(contentsOf: file, encoding: .utf8)
            let written: String
            if file.lastPathComponent == "collection.yaml" {
                written = CollectionWriter.text(of: try #require(DocumentParser.collection(text, file: file.path).0))
            } else if file.deletingLastPathComponent().lastPathComponent == "environments" {
                written = CollectionWriter.text(ofEnvironment: DocumentParser.environment(text, file: file.path).0)
            } else {
                written = CollectionWriter.text(of: try #require(DocumentParser.request(text, file: file.path).0))
            }
            #expect(written == text, "\(file.path) is not canonical; it would be saved as:\n\(written)")
        }
    }

    @Test("Load → save → load is the identity, for every feature of the format")
    func roundTrip() throws {
        let text = """
        name: "Tricky: quotes \\"inside\\", # hash, and 'single'"
        method: PATCH
        path: "users/{{id}}"
        query:
          - {name: n, value: "007"}
          - {name: flag, value: "true"}
          - {name: dash, value: "-leading"}
          - {name: "off", value: x, enabled: false}
        headers:
          - {name: X-Multi, value: "line one\\nline two"}
          - {name: X-Unicode, value: 日本語 ✓}
        body:
          json:
            user:
              name: Ada
              tags: [a, "1", "true"]
              address: {city: Zürich, zip: "8001"}
            items:
              - {id: 1, ok: true, score: 1.5e3}
              - {id: 2, ok: false, note: null}
            description: A long description that makes the whole flow mapping far wider than one hundred columns.
        auth:
          basic: {user: ada, password: "p@ss: word"}
        timeout: 2.5
        retries: 3
        followRedirects: false
        converter: data/items/0
        errorConverter: error

        """
        let first = try #require(DocumentParser.request(text, file: "t.yaml").0)
        let written = CollectionWriter.text(of: first)
        let second = try #require(DocumentParser.request(written, file: "t.yaml").0)
        #expect(first == second, "written as:\n\(written)")
        #expect(CollectionWriter.text(of: second) == written)
        #expect(written == text)
    }

    @Test("One edit changes exactly the lines it touches")
    func minimalDiff() throws {
        let file = Checkout.collections.appendingPathComponent("Demo/users/create-user.yaml")
        let original = try String(contentsOf: file, encoding: .utf8)
        var request = try #require(DocumentParser.request(original, file: file.path).0)
        request.headers[0].value = "fixed-id"
        let edited = CollectionWriter.text(of: request)
        let before = original.split(separator: "\n", omittingEmptySubsequences: false)
        let after = edited.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(before.count == after.count)
        let changed = zip(before, after).filter { $0 != $1 }
        #expect(changed.count == 1)
        #expect(changed.first?.1 == "  - {name: X-Request-Id, value: fixed-id}")
    }

    @Test("Saving is atomic, skips untouched files and writes secrets with mode 0600")
    func atomicSave() throws {
        let directory = try TemporaryDirectory()
        let target = directory.url.appendingPathComponent("API/r.yaml")
        #expect(try CollectionWriter.save("path: a\n", to: target))
        #expect(try !CollectionWriter.save("path: a\n", to: target), "an unchanged file must not be rewritten")
        #expect(try CollectionWriter.save("path: b\n", to: target))
        #expect(try String(contentsOf: target, encoding: .utf8) == "path: b\n")
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: target.deletingLastPathComponent().path)
        #expect(leftovers == ["r.yaml"], "no temporary files may remain")

        let secret = directory.url.appendingPathComponent("API/environments/dev.secret.yaml")
        try CollectionWriter.save(CollectionWriter.text(ofEnvironment: [Field(name: "token", value: "s3cr3t")]), to: secret, secret: true)
        let mode = try FileManager.default.attributesOfItem(atPath: secret.path)[.posixPermissions] as? Int
        #expect(mode == 0o600)
        #expect(try String(contentsOf: secret, encoding: .utf8) == "token: s3cr3t\n")
    }

    @Test("A save into a folder that cannot be written is a sentence, and the old file survives")
    func unwritable() throws {
        let directory = try TemporaryDirectory()
        let target = directory.url.appendingPathComponent("r.yaml")
        try CollectionWriter.save("path: old\n", to: target)
        chmod(directory.url.path, 0o500)
        defer { chmod(directory.url.path, 0o700) }
        guard getuid() != 0 else { return }  // root writes anyway; the sentence is checked where permissions apply
        #expect(throws: CollectionWriter.SaveError.self) { try CollectionWriter.save("path: new\n", to: target) }
        #expect(try String(contentsOf: target, encoding: .utf8) == "path: old\n")
    }
}
