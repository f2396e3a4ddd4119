import Foundation

/// Writes scalars the way the collection files are written by hand: plain where YAML reads them
/// back as the same string, double-quoted otherwise.
enum YAMLText {
    /// Words YAML 1.1 tools read as booleans or null; quoted so every reader sees a string.
    private static let typed: Set<String> = ["true", "false", "yes", "no", "on", "off", "null", "~"]
    private static let leading: Set<Unicode.Scalar> = ["-", "?", ":", ",", "[", "]", "{", "}", "#", "&", "*", "!", "|", ">", "'", "\"", "%", "@", "`", " "]
    /// `:?` too: libyaml refuses a `:` followed by `?` inside a plain scalar of a flow mapping.
    private static let inner: [String] = [": ", ":?", " #", ",", "[", "]", "{", "}", "\"", "'", "\\", "\t"]

    /// `text` as a YAML scalar that reads back as the string `text`.
    static func scalar(_ text: String) -> String {
        needsQuotes(text) ? quoted(text) : text
    }

    /// Looks at Unicode scalars, as YAML reads them: `[` followed by a combining mark is one
    /// Character, which a Character search for `[` would pass over.
    static func needsQuotes(_ text: String) -> Bool {
        guard let first = text.unicodeScalars.first, let last = text.unicodeScalars.last else { return true }
        if leading.contains(first) || last == " " || last == ":" { return true }
        if typed.contains(text.lowercased()) || Double(text) != nil || Int(text) != nil { return true }
        if text.hasPrefix("0x") || text.hasPrefix("0o") || text == ".inf" || text == ".nan" { return true }
        if inner.contains(where: { text.utf8.firstRange(of: $0.utf8) != nil }) { return true }
        return text.unicodeScalars.contains { QuotedText.isControl($0) || $0.value == 0xFEFF }
    }

    /// `text` as a block-context scalar: plain when it starts with a letter and holds nothing a
    /// plain scalar cannot (an assertion line with quotes inside stays as typed), else `scalar(_:)`.
    static func blockScalar(_ text: String) -> String {
        guard let first = text.first, first.isASCII, first.isLetter, !needsQuotes(text.filter { !"\"',[]{}\\".contains($0) }) else {
            return scalar(text)
        }
        return text
    }

    static func quoted(_ text: String) -> String { QuotedText.quote(text, controlPrefix: "\\x", digits: 2) }

    /// `text` in the quotes `quote` stands for (`'`, `"`, or nil for plain when it reads back):
    /// an edited value keeps the quoting it was written with. Single quotes cannot hold control
    /// characters (nor line breaks), so such text is double-quoted instead.
    static func scalar(_ text: String, like quote: Character?) -> String {
        switch quote {
        case "\"": return quoted(text)
        case "'" where !text.unicodeScalars.contains(where: QuotedText.isControl):
            return "'" + text.replacingOccurrences(of: "'", with: "''") + "'"
        default: return scalar(text)
        }
    }

    /// A number as written in files: whole numbers without a fraction.
    static func number(_ value: Double) -> String {
        value.rounded() == value && abs(value) < 1e15 ? String(Int(value)) : String(value)
    }

    /// `{name: a, value: b}` (with `enabled: false` when off).
    static func field(_ field: Field) -> String {
        "{name: \(scalar(field.name)), value: \(scalar(field.value))\(field.enabled ? "" : ", enabled: false")}"
    }

    /// A flow-style JSON value, `{name: Ada, tags: [a, b]}`.
    static func flow(_ value: JSONValue) -> String {
        switch value {
        case .null: return "null"
        case .bool(let flag): return flag ? "true" : "false"
        case .number(let text): return text
        case .string(let text): return scalar(text)
        case .array(let items): return "[" + items.map(flow).joined(separator: ", ") + "]"
        case .object(let pairs): return "{" + pairs.map { "\(scalar($0.0)): \(flow($0.1))" }.joined(separator: ", ") + "}"
        }
    }

    /// A block-style JSON value for long bodies, indented by `indent` spaces.
    static func block(_ value: JSONValue, indent: Int) -> String {
        let pad = String(repeating: " ", count: indent)
        switch value {
        case .object(let pairs) where !pairs.isEmpty:
            return pairs.map { key, child in
                opensBlock(child) ? "\(pad)\(scalar(key)):\n" + block(child, indent: indent + 2) : "\(pad)\(scalar(key)): \(flow(child))"
            }.joined(separator: "\n")
        case .array(let items) where !items.isEmpty:
            return items.map { item in
                guard case .object(let pairs) = item, !pairs.isEmpty, opensBlock(item) else { return "\(pad)- \(flow(item))" }
                // The first key goes on the dash's line, the rest align under it.
                return "\(pad)- " + block(item, indent: indent + 2).dropFirst(indent + 2)
            }.joined(separator: "\n")
        default:
            return pad + flow(value)
        }
    }

    /// Whether a nested object or array gets its own indented block: only when it is too long for one line.
    private static func opensBlock(_ value: JSONValue) -> Bool {
        switch value {
        case .object, .array: return flow(value).count > 60
        default: return false
        }
    }
}
