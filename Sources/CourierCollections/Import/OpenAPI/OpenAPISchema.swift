import Foundation

/// An OpenAPI document's value tree with its local `$ref`s followed, and example values made
/// from schemas for bodies and parameters that document none.
struct OpenAPIDocument {
    let root: JSONValue
    let file: String

    /// How deep references and schemas are followed: a recursive schema stops here.
    static let depthLimit = 12

    /// `value` with a `$ref` at its top followed (repeatedly); nil when the reference points
    /// nowhere or leaves the document.
    func resolved(_ value: JSONValue) -> JSONValue? {
        var current = value
        for _ in 0..<Self.depthLimit {
            guard let reference = current["$ref"]?.text else { return current }
            guard let target = pointer(reference) else { return nil }
            current = target
        }
        return nil
    }

    /// The value a local reference (`#/components/schemas/Pet`) names.
    func pointer(_ reference: String) -> JSONValue? {
        guard reference.hasPrefix("#") else { return nil }
        var current = root
        for token in reference.dropFirst().split(separator: "/") {
            let key = token.replacingOccurrences(of: "~1", with: "/").replacingOccurrences(of: "~0", with: "~")
            let decoded = key.removingPercentEncoding ?? key
            if case .array(let items) = current, let index = Int(decoded), items.indices.contains(index) {
                current = items[index]
            } else if let next = current[decoded] {
                current = next
            } else {
                return nil
            }
        }
        return current
    }

    /// The example a schema documents (`example`, 3.1's `examples`, `default`, the first `enum`
    /// value), or a skeleton made from its type.
    func sample(_ schema: JSONValue, depth: Int = 0) -> JSONValue {
        guard depth < Self.depthLimit, let schema = resolved(schema) else { return .null }
        if let example = schema["example"] { return example }
        if let first = schema["examples"]?.items.first { return first }
        if let value = schema["default"] { return value }
        if let value = schema["const"] ?? schema["enum"]?.items.first { return value }
        if let parts = schema["allOf"]?.items, !parts.isEmpty {
            var pairs: [(String, JSONValue)] = []
            for part in parts {
                for (key, value) in sample(part, depth: depth + 1).pairs where !pairs.contains(where: { $0.0 == key }) {
                    pairs.append((key, value))
                }
            }
            return .object(pairs)
        }
        if let first = (schema["oneOf"] ?? schema["anyOf"])?.items.first { return sample(first, depth: depth + 1) }
        switch Self.type(of: schema) {
        case "object":
            return .object(schema["properties"]?.pairs.map { ($0.0, sample($0.1, depth: depth + 1)) } ?? [])
        case "array":
            return .array(schema["items"].map { [sample($0, depth: depth + 1)] } ?? [])
        case "integer", "number": return .number("0")
        case "boolean": return .bool(false)
        case "null": return .null
        default: return .string(Self.stringSample(format: schema["format"]?.text))
        }
    }

    /// The schema's type: `type` (the first besides `null` when 3.1 lists several), else what its
    /// keys imply, else `string`.
    static func type(of schema: JSONValue) -> String { declaredType(of: schema) ?? "string" }

    /// The schema's type as `type(of:)` finds it; nil for a schema that allows anything (`{}`).
    static func declaredType(of schema: JSONValue) -> String? {
        if let type = schema["type"]?.text { return type }
        if let types = schema["type"]?.items.compactMap(\.text), let first = types.first(where: { $0 != "null" }) ?? types.first { return first }
        if schema["properties"] != nil || schema["additionalProperties"] != nil { return "object" }
        if schema["items"] != nil { return "array" }
        return nil
    }

    static func stringSample(format: String?) -> String {
        switch format {
        case "date-time": return "2024-01-01T00:00:00Z"
        case "date": return "2024-01-01"
        case "email": return "user@example.com"
        case "uuid": return "00000000-0000-0000-0000-000000000000"
        case "uri", "url": return "https://example.com"
        default: return "string"
        }
    }
}
