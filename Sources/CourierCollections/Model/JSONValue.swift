/// A JSON value written in YAML (`body: {json: …}`), with object keys in written order and
/// numbers kept as written so a round trip changes nothing.
public indirect enum JSONValue: Sendable, Equatable {
    case null
    case bool(Bool)
    case number(String)
    case string(String)
    case array([JSONValue])
    case object([(String, JSONValue)])

    public static func == (lhs: JSONValue, rhs: JSONValue) -> Bool {
        switch (lhs, rhs) {
        case (.null, .null): return true
        case (.bool(let a), .bool(let b)): return a == b
        case (.number(let a), .number(let b)): return a == b
        case (.string(let a), .string(let b)): return a == b
        case (.array(let a), .array(let b)): return a == b
        case (.object(let a), .object(let b)): return a.count == b.count && zip(a, b).allSatisfy { $0.0 == $1.0 && $0.1 == $1.1 }
        default: return false
        }
    }

    /// Compact JSON text, keys in order; `transform` rewrites every string (templating).
    public func jsonText(transform: (String) throws -> String = { $0 }) rethrows -> String {
        switch self {
        case .null: return "null"
        case .bool(let value): return value ? "true" : "false"
        case .number(let text): return text
        case .string(let text): return Self.quote(try transform(text))
        case .array(let items): return "[" + (try items.map { try $0.jsonText(transform: transform) }).joined(separator: ",") + "]"
        case .object(let pairs):
            return "{" + (try pairs.map { Self.quote(try transform($0.0)) + ":" + (try $0.1.jsonText(transform: transform)) })
                .joined(separator: ",") + "}"
        }
    }

    static func quote(_ text: String) -> String { QuotedText.quote(text, controlPrefix: "\\u", digits: 4) }
}

extension JSONValue {
    /// Compact JSON text, keys in order.
    public var compactText: String { jsonText { $0 } }

    /// Whether the value is a number.
    var isNumber: Bool {
        if case .number = self { return true }
        return false
    }
}
