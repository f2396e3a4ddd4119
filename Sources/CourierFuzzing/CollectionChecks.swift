import CourierCollections
import Foundation

/// The properties of reading and editing collection files.
enum CollectionChecks {
    /// Any text loads as a request, a collection and an environment file without trapping, and
    /// every problem found points inside the text.
    static func loading(_ data: Data) -> [String] {
        let text = String(decoding: data, as: UTF8.self)
        // At most one line per break of any kind YAML might count (CR LF counts twice here).
        let lineCount = 1 + text.unicodeScalars.filter { ["\n", "\r", "\u{85}", "\u{2028}", "\u{2029}"].contains($0) }.count
        let diagnostics = DocumentParser.request(text, file: "r.yaml").1 + DocumentParser.collection(text, file: "collection.yaml").1
            + DocumentParser.environment(text, file: "e.yaml").1
        return diagnostics.filter { $0.line < 1 || $0.line > lineCount + 1 }.map { "a problem points past the text, at line \($0.line): \($0.message)" }
    }

    /// Load, edit (an edit chosen by the input's last byte), save, load: the saved text reads
    /// back as the edit, and saving what was loaded changes nothing.
    static func losslessEdit(_ data: Data) -> [String] {
        let text = String(decoding: data, as: UTF8.self)
        var problems: [String] = []
        let selector = Int(data.last ?? 0)
        if let loaded = DocumentParser.request(text, file: "r.yaml").0 {
            let draft = edited(loaded, selector)
            problems += roundTrip(text, draft: draft, loaded: loaded, save: { try LosslessEdit.request($0, to: $1, file: "r.yaml") },
                                  load: { DocumentParser.request($0, file: "r.yaml").0 })
        }
        let (fields, environmentProblems) = DocumentParser.environment(text, file: "e.yaml")
        if environmentProblems.isEmpty {
            var draft = fields
            if selector % 2 == 0 || draft.isEmpty { draft.append(Field(name: "fuzz\(selector)", value: "value \(selector)")) } else { draft.removeFirst() }
            problems += roundTrip(text, draft: draft, loaded: fields, save: { try LosslessEdit.environment($0, to: $1, file: "e.yaml") },
                                  load: { DocumentParser.environment($0, file: "e.yaml").0 })
        }
        return problems
    }

    private static func roundTrip<Model: Equatable>(_ text: String, draft: Model, loaded: Model, save: (String, Model) throws -> String,
                                                    load: (String) -> Model?) -> [String] {
        var problems: [String] = []
        if let unchanged = try? save(text, loaded), unchanged != text { problems.append("saving what was loaded changed the text") }
        // A refusal is a fine answer; a saved text must read back as the edit.
        if let saved = try? save(text, draft), load(saved) != draft {
            problems.append("the saved text does not read back as the edit:\n\(saved)")
        }
        return problems
    }

    /// One of a handful of edits a user makes in the explorer.
    private static func edited(_ request: RequestDefinition, _ selector: Int) -> RequestDefinition {
        var draft = request
        switch selector % 8 {
        case 0: draft.method = request.method == "GET" ? "POST" : "GET"
        case 1: draft.headers.append(Field(name: "X-Fuzz", value: "1"))
        case 2:
            if draft.headers.isEmpty { draft.query.append(Field(name: "page", value: "2")) } else { draft.headers.removeFirst() }
        case 3:
            if draft.url == nil { draft.path = "fuzzed/{{id}}" } else { draft.url = "http://127.0.0.1:1/fuzzed" }
        case 4: draft.name = draft.name == nil ? "Fuzzed" : nil
        case 5: draft.timeout = draft.timeout == nil ? 7 : nil
        case 6: draft.body = draft.body == nil ? .text("fuzzed") : nil
        default:
            if draft.query.isEmpty { draft.query.append(Field(name: "q", value: "a b")) } else { draft.query[0].enabled.toggle() }
        }
        return draft
    }
}
