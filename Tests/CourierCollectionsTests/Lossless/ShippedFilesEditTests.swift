import CourierCollections
import CourierTestSupport
import Foundation
import Testing

@Suite("Random edits of every shipped request file round-trip")
struct ShippedFilesEditTests {
    static var requestFiles: [URL] {
        let enumerator = FileManager.default.enumerator(at: Checkout.collections, includingPropertiesForKeys: nil)
        return (enumerator?.allObjects as? [URL] ?? []).filter {
            $0.pathExtension == "yaml" && $0.lastPathComponent != "collection.yaml" && !$0.path.contains("/environments/")
        }.sorted { $0.path < $1.path }
    }

    /// An edit of one top-level key: its name and the change.
    typealias Edit = (key: String, change: (inout RequestDefinition) -> Void)

    /// The edits tried on a request, chosen from what it has.
    static func edits(of request: RequestDefinition, seed: Int) -> [Edit] {
        var edits: [Edit] = [
            ("name", { $0.name = "Edited \(seed)" }),
            (request.url == nil ? "path" : "url", { if $0.url == nil { $0.path = "edited/\(seed)" } else { $0.url = "https://example.com/\(seed)" } }),
            ("timeout", { $0.timeout = Double(seed % 50 + 1) }),
            ("converter", { $0.converter = $0.converter == nil ? "data/\(seed)" : nil }),
            ("headers", { $0.headers.append(Field(name: "X-Seed", value: "\(seed)")) }),
            ("query", { $0.query.insert(Field(name: "q\(seed)", value: "v", enabled: seed % 2 == 0), at: 0) }),
            ("method", { $0.method = ["GET", "POST", "PATCH", "DELETE"][seed % 4] }),
        ]
        if !request.headers.isEmpty {
            // Edits may follow others (several at once), so each checks the list is still there.
            edits.append(("headers", { if !$0.headers.isEmpty { $0.headers[seed % $0.headers.count].value = "changed \(seed)" } }))
            edits.append(("headers", { if !$0.headers.isEmpty { $0.headers.remove(at: seed % $0.headers.count) } }))
        }
        if !request.query.isEmpty { edits.append(("query", { if !$0.query.isEmpty { $0.query[seed % $0.query.count].enabled.toggle() } })) }
        switch request.body {
        case .json(.object(let pairs))?:
            edits.append(("body", { $0.body = .json(.object(pairs + [("seed", .number("\(seed)"))])) }))
        case .form(let fields)?:
            edits.append(("body", { $0.body = .form(fields + [Field(name: "extra", value: "\(seed)")]) }))
        case .multipart(let parts)?:
            edits.append(("body", { $0.body = .multipart(parts.map { var part = $0; part.mime = part.mime == nil ? "text/plain" : nil; return part }) }))
        default: edits.append(("body", { $0.body = .text("seed \(seed)") }))
        }
        return edits
    }

    /// The lines of the top-level entry `key` in `text` (from its key line to the next top-level line), from 0.
    static func lines(of key: String, in text: String) -> Range<Int>? {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        guard let start = lines.firstIndex(where: { $0.hasPrefix(key + ":") }) else { return nil }
        var end = start + 1
        while end < lines.count, let first = lines[end].first, first == " " || first == "#" { end += 1 }
        return start..<end
    }

    @Test("After each edit the text reads back as the draft and only the edited entry's lines differ", arguments: requestFiles)
    func roundTrip(file: URL) throws {
        let text = try String(contentsOf: file, encoding: .utf8)
        let original = try #require(DocumentParser.request(text, file: file.path).0)
        var generator = SystemRandomNumberGenerator()
        for (index, edit) in Self.edits(of: original, seed: Int.random(in: 0..<1000, using: &generator)).enumerated() {
            var draft = original
            edit.change(&draft)
            let result = try LosslessEdit.request(text, to: draft, file: file.lastPathComponent)
            #expect(DocumentParser.request(result, file: "r").0 == draft, "edit \(index) of \(file.lastPathComponent) reads back wrong:\n\(result)")
            let diff = LineDiff(text, result)
            if diff.removed.isEmpty { continue }  // a pure insertion leaves every old line in place
            let owned = try #require(Self.lines(of: edit.key, in: text), "\(edit.key) removed lines but had none: \(diff)")
            #expect(diff.start >= owned.lowerBound && diff.start + diff.removed.count <= owned.upperBound,
                    "edit \(index) (\(edit.key)) of \(file.lastPathComponent) touched other lines: \(diff)")
        }
    }
}
