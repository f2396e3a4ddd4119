/// A JSON value a response schema allows, made to show its types: every property, or only the
/// required ones (nullable ones `null`), or those and the optional objects and lists with their
/// own required ones, so that side by side they tell a type inferrer which keys may be missing or
/// null at every depth. `$ref`s (to components and within them), `allOf`, `oneOf`/`anyOf`
/// (the first alternative), enums, formats, 3.0's `nullable` and 3.1's `type: [T, "null"]` are
/// followed; `writeOnly` properties, which a response never holds, are left out.
struct ResponseSchemaSample {
    /// Which properties an object gets.
    enum Extent {
        /// Every property, with a value.
        case everyProperty
        /// The required properties only, and `null` for those that are nullable.
        case requiredOnly
        /// As `requiredOnly`, with optional (or nullable) objects and lists there too, holding their
        /// required properties: what shows which keys inside an optional object may be missing.
        case requiredAndOptionalObjects
    }

    let document: OpenAPIDocument
    let extent: Extent

    /// The sample of `schema`; nil when the schema says nothing a type can be made of (`{}`), or
    /// only refers back to itself.
    /// - Parameter references: The `$ref`s being followed, so a recursive schema ends: a property
    ///   that refers back is left out rather than made up.
    func value(of schema: JSONValue, references: [String] = []) -> JSONValue? {
        guard references.count < OpenAPIDocument.depthLimit else { return nil }
        if let reference = schema["$ref"]?.text {
            guard !references.contains(reference), let target = document.pointer(reference) else { return nil }
            return value(of: target, references: references + [reference])
        }
        if extent != .everyProperty && Self.isNullable(schema) && !(extent == .requiredAndOptionalObjects && isContainer(schema)) {
            return .null
        }
        if let parts = schema["allOf"]?.items, !parts.isEmpty {
            return combined(parts, references: references).flatMap { value(of: $0, references: references) }
        }
        if let alternatives = (schema["oneOf"] ?? schema["anyOf"])?.items,
           let first = alternatives.first(where: { OpenAPIDocument.declaredType(of: $0) != "null" }) {
            return value(of: first, references: references)
        }
        if let value = schema["const"] ?? schema["enum"]?.items.first(where: { $0 != .null }) { return value }
        switch OpenAPIDocument.declaredType(of: schema) {
        case "object"?:
            var pairs: [(String, JSONValue)] = []
            let required = Set(schema["required"]?.items.compactMap(\.text) ?? [])
            for (name, property) in schema["properties"]?.pairs ?? [] {
                guard !isWriteOnly(property), let sample = value(of: property, references: references) else { continue }
                let kept = switch extent {
                case .everyProperty: true
                case .requiredOnly: required.contains(name)
                case .requiredAndOptionalObjects: required.contains(name) || sample.isObject || sample.isArray
                }
                if kept { pairs.append((name, sample)) }
            }
            return .object(pairs)
        case "array"?:
            // An element that cannot be sampled (a list of the schema itself) leaves the whole list out.
            return schema["items"].flatMap { value(of: $0, references: references) }.map { .array([$0]) }
        case "integer"?: return documented(schema) ?? schema["minimum"] ?? .number("0")
        // A number with a fraction, so that it reads as a floating-point type, not an integer.
        case "number"?: return (documented(schema) ?? schema["minimum"]).map(Self.withFraction) ?? .number("0.5")
        case "boolean"?: return documented(schema) ?? .bool(true)
        case "string"?: return documented(schema) ?? .string(OpenAPIDocument.stringSample(format: schema["format"]?.text))
        default: return nil
        }
    }

    /// The schema's own example of a scalar: `example`, the first of 3.1's `examples`, `default`
    /// (a number's `minimum` comes after these, as a value the schema allows).
    private func documented(_ schema: JSONValue) -> JSONValue? {
        schema["example"] ?? schema["examples"]?.items.first ?? schema["default"]
    }

    private func isWriteOnly(_ property: JSONValue) -> Bool {
        document.resolved(property)?["writeOnly"]?.flag == true
    }

    /// The parts of an `allOf` as one object schema: their properties and required lists joined
    /// (the first part to name a property wins); a single part that is no object is itself.
    private func combined(_ parts: [JSONValue], references: [String]) -> JSONValue? {
        var properties: [(String, JSONValue)] = []
        var required: [JSONValue] = []
        var nullable = false
        for part in parts {
            var schema = part
            var followed = references
            if let reference = part["$ref"]?.text {
                guard !references.contains(reference), let target = document.pointer(reference) else { continue }
                schema = target
                followed.append(reference)
            }
            if let nested = schema["allOf"]?.items, let inner = combined(nested, references: followed) { schema = inner }
            guard OpenAPIDocument.declaredType(of: schema) == "object" else {
                if parts.count == 1 { return schema }
                continue
            }
            for (name, property) in schema["properties"]?.pairs ?? [] where !properties.contains(where: { $0.0 == name }) {
                properties.append((name, property))
            }
            required += schema["required"]?.items ?? []
            nullable = nullable || Self.isNullable(schema)
        }
        var pairs: [(String, JSONValue)] = [("type", .string("object")), ("properties", .object(properties)), ("required", .array(required))]
        if nullable { pairs.append(("nullable", .bool(true))) }
        return .object(pairs)
    }

    /// Whether the schema is an object or a list: itself, its first alternative besides `null`, or what they refer to.
    private func isContainer(_ schema: JSONValue) -> Bool {
        let alternatives = (schema["oneOf"] ?? schema["anyOf"])?.items ?? []
        let chosen = alternatives.first { OpenAPIDocument.declaredType(of: $0) != "null" } ?? schema
        guard let resolved = document.resolved(chosen) else { return false }
        return resolved["allOf"] != nil || ["object", "array"].contains(OpenAPIDocument.declaredType(of: resolved) ?? "")
    }

    /// Whether `null` is allowed: 3.0's `nullable: true`, 3.1's `type: [T, "null"]`, or a `null` alternative.
    static func isNullable(_ schema: JSONValue) -> Bool {
        if schema["nullable"]?.flag == true { return true }
        if schema["type"]?.items.contains(where: { $0.text == "null" }) == true { return true }
        return (schema["oneOf"] ?? schema["anyOf"])?.items.contains { OpenAPIDocument.declaredType(of: $0) == "null" } == true
    }

    /// `7` as `7.0`: a JSON number that keeps its value and reads as a floating-point one.
    private static func withFraction(_ value: JSONValue) -> JSONValue {
        guard case .number(let text) = value, !text.contains(where: { ".eE".contains($0) }) else { return value }
        return .number(text + ".0")
    }
}
