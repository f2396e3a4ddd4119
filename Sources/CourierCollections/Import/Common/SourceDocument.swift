import Foundation
import Yams

/// Reads an importer's input, JSON or YAML, into one order-keeping value tree, so every format's
/// parser walks the same `JSONValue` whatever the input was written in.
enum SourceDocument {
    /// The value of `data`: JSON when it starts with `{` or `[`, YAML otherwise.
    /// - Throws: `ImportError` naming `file` and the place of the first syntax error.
    static func parse(_ data: Data, file: String) throws(ImportError) -> JSONValue {
        guard let text = String(data: data, encoding: .utf8) else {
            throw ImportError("\(file) is not UTF-8 text")
        }
        return try parse(text, file: file)
    }

    /// The value of `text`, as `parse(_:file:)` reads data.
    static func parse(_ text: String, file: String) throws(ImportError) -> JSONValue {
        let body = text.hasPrefix("\u{FEFF}") ? String(text.dropFirst()) : text
        let trimmed = body.drop { $0.isWhitespace }
        if trimmed.first == "{" || trimmed.first == "[" {
            do {
                return try JSONValue.parse(body)
            } catch {
                // Flow-style YAML starts with a brace too; only give up when YAML cannot read it either.
                if let value = try? yaml(body, file: file) { return value }
                throw ImportError("\(file) is not valid JSON: \(error)")
            }
        }
        return try yaml(body, file: file)
    }

    private static func yaml(_ text: String, file: String) throws(ImportError) -> JSONValue {
        let node: Node?
        do {
            node = try Yams.compose(yaml: text)
        } catch {
            throw ImportError("\(file) is not valid YAML: \(DocumentParser.syntaxProblem(error))")
        }
        guard let node else { throw ImportError("\(file) is empty") }
        var reader = NodeReader(file: file)
        let value = reader.json(node)
        if let problem = reader.diagnostics.first { throw ImportError(problem.description) }
        return value
    }
}

// MARK: - Walking the tree

extension JSONValue {
    /// The value of `key` when this is an object holding it.
    subscript(key: String) -> JSONValue? {
        guard case .object(let pairs) = self else { return nil }
        return pairs.first { $0.0 == key }?.1
    }

    /// The pairs of an object; empty for anything else.
    var pairs: [(String, JSONValue)] {
        if case .object(let pairs) = self { return pairs }
        return []
    }

    /// The elements of an array; empty for anything else.
    var items: [JSONValue] {
        if case .array(let items) = self { return items }
        return []
    }

    /// The text of a string, or of a number or boolean (sources write `"port": 8080` as often as `"8080"`).
    var text: String? {
        switch self {
        case .string(let text), .number(let text): return text
        case .bool(let flag): return flag ? "true" : "false"
        default: return nil
        }
    }

    /// The value as a boolean: `true`, or the text `"true"`.
    var flag: Bool? {
        switch self {
        case .bool(let flag): return flag
        case .string(let text): return text == "true" ? true : text == "false" ? false : nil
        default: return nil
        }
    }

    /// Whether this is an object.
    var isObject: Bool {
        if case .object = self { return true }
        return false
    }

    /// Whether this is an array.
    var isArray: Bool {
        if case .array = self { return true }
        return false
    }

    /// The value as text a variable can hold: strings as they are, anything else as compact JSON.
    var variableText: String {
        if case .string(let text) = self { return text }
        return compactText
    }
}
