import CourierCollections
import CourierTestSupport
import Foundation
import Testing

@Suite("Random edits of the shipped settings and environment files, and of several request fields at once")
struct ShippedSettingsEditTests {
    static func shipped(_ predicate: (URL) -> Bool) -> [URL] {
        let enumerator = FileManager.default.enumerator(at: Checkout.collections, includingPropertiesForKeys: nil)
        return (enumerator?.allObjects as? [URL] ?? []).filter(predicate).sorted { $0.path < $1.path }
    }

    static var settingsFiles: [URL] { shipped { $0.lastPathComponent == "collection.yaml" } }
    static var environmentFiles: [URL] { shipped { $0.path.contains("/environments/") && $0.pathExtension == "yaml" } }

    @Test("collection.yaml edits read back and change one line each", arguments: settingsFiles)
    func settings(file: URL) throws {
        let text = try String(contentsOf: file, encoding: .utf8)
        let original = try #require(DocumentParser.collection(text, file: "c").0)
        let seed = Int.random(in: 0..<1000)
        let edits: [(inout CollectionDefinition) -> Void] = [
            { $0.name = "Renamed \(seed)" },
            { $0.timeout = Double(seed % 60 + 1) },
            { $0.variables.append(Field(name: "v\(seed)", value: "\(seed)")) },
            { if !$0.variables.isEmpty { $0.variables[seed % $0.variables.count].value = "x\(seed)" } },
            { if let order = $0.order, !order.isEmpty { $0.order?[seed % order.count] = "renamed-\(seed)" } },
        ]
        for (index, edit) in edits.enumerated() {
            var draft = original
            edit(&draft)
            let result = try LosslessEdit.collection(text, to: draft, file: "c")
            #expect(DocumentParser.collection(result, file: "c").0 == draft, "edit \(index) of \(file.path)")
            let diff = LineDiff(text, result)
            #expect(diff.removed.count <= 1 && diff.added.count <= 3, "edit \(index) of \(file.path): \(diff)")
        }
    }

    @Test("Environment edits read back and touch one line", arguments: environmentFiles)
    func environment(file: URL) throws {
        let text = try String(contentsOf: file, encoding: .utf8)
        let fields = DocumentParser.environment(text, file: "e").0
        try #require(!fields.isEmpty)
        let seed = Int.random(in: 0..<1000)
        for change in 0..<3 {
            var draft = fields
            switch change {
            case 0: draft[seed % draft.count].value = "changed \(seed)"
            case 1: draft.remove(at: seed % draft.count)
            default: draft.append(Field(name: "added\(seed)", value: "\(seed)"))
            }
            let result = try LosslessEdit.environment(text, to: draft, file: "e")
            #expect(DocumentParser.environment(result, file: "e").0 == draft)
            let diff = LineDiff(text, result)
            #expect(diff.removed.count + diff.added.count <= 2 && max(diff.removed.count, diff.added.count) == 1, "\(diff)")
        }
    }

    @Test("Three random edits at once still read back as the draft", arguments: ShippedFilesEditTests.requestFiles)
    func combined(file: URL) throws {
        let text = try String(contentsOf: file, encoding: .utf8)
        let original = try #require(DocumentParser.request(text, file: "r").0)
        for round in 0..<5 {
            let edits = ShippedFilesEditTests.edits(of: original, seed: Int.random(in: 0..<1000)).shuffled().prefix(3)
            var draft = original
            for edit in edits { edit.change(&draft) }
            let result = try LosslessEdit.request(text, to: draft, file: "r")
            #expect(DocumentParser.request(result, file: "r").0 == draft, "round \(round) of \(file.lastPathComponent): \(edits.map(\.key))\n\(result)")
        }
    }
}
