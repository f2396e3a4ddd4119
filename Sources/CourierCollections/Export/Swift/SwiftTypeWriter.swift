import Foundation

/// Writes inferred shapes as Swift declarations, and JSON values of those shapes as Swift
/// expressions (a request body built from its example).
struct SwiftTypeWriter {
    /// A type as declared: a scalar's name, or a struct with its fields.
    indirect enum Declared {
        case named(String)
        case optional(Declared)
        case array(Declared)
        /// A struct: its name as code outside it spells it, and its fields.
        case structure(qualified: String, fields: [Property])

        /// The type as written inside the struct that declares it.
        var spelling: String {
            switch self {
            case .named(let name): return name
            case .optional(let inner): return inner.spelling + "?"
            case .array(let element): return "[\(element.spelling)]"
            case .structure(let qualified, _): return String(qualified.split(separator: ".").last ?? Substring(qualified))
            }
        }

        /// The type as written outside every struct.
        var qualifiedSpelling: String {
            switch self {
            case .named(let name): return name
            case .optional(let inner): return inner.qualifiedSpelling + "?"
            case .array(let element): return "[\(element.qualifiedSpelling)]"
            case .structure(let qualified, _): return qualified
            }
        }
    }

    /// A stored property of a struct: the JSON key, the Swift name and the type.
    struct Property {
        var key: String
        var name: String
        var type: Declared
    }

    /// The conformances of the outermost struct (`Codable, Sendable, ResponseObject`).
    let rootConformances: String
    /// The conformances of nested structs.
    let nestedConformances: String
    /// The declarations, outermost struct first, nested ones inside it.
    private(set) var lines: [String] = []

    init(rootConformances: String, nestedConformances: String) {
        self.rootConformances = rootConformances
        self.nestedConformances = nestedConformances
    }

    /// Declares what `shape` needs under `name`; nil for a shape that says nothing (`null`, `[]`).
    mutating func declare(_ shape: SwiftTypeInference.Shape, name: String) -> Declared? {
        switch shape.unwrapped {
        case .null, .unknown: return nil
        case .array(let element):
            return declare(element, name: name.hasSuffix("Item") ? name : name + "Item").map { .array($0) }
        default:
            var nested: [String] = []
            let declared = declared(shape.unwrapped, name: name, qualifier: "", conformances: rootConformances, into: &nested)
            lines += nested
            return declared
        }
    }

    private func declared(_ shape: SwiftTypeInference.Shape, name: String, qualifier: String, conformances: String,
                          into lines: inout [String]) -> Declared {
        switch shape {
        case .string: return .named("String")
        case .int: return .named("Int")
        case .double: return .named("Double")
        case .bool: return .named("Bool")
        // Only null (or an empty list) in the example: text is the likeliest, and optional decodes null.
        case .null: return .optional(.named("String"))
        case .unknown: return .named("String")
        case .optional(let inner): return .optional(declared(inner, name: name, qualifier: qualifier, conformances: conformances, into: &lines))
        case .array(let element):
            return .array(declared(element, name: name, qualifier: qualifier, conformances: conformances, into: &lines))
        case .object(let object):
            let qualified = qualifier.isEmpty ? name : "\(qualifier).\(name)"
            var body: [String] = []
            var fields: [Property] = []
            // A nested type named like a type the struct itself uses would shadow it.
            var usedTypes: Set<String> = [name, "String", "Int", "Double", "Bool", "Optional", "Array", "CodingKeys", "CodingKey"]
            var usedNames: Set<String> = []
            for (key, child) in object.keys {
                var property = SwiftNames.property(key)
                while usedNames.contains(property) { property += "_" }
                usedNames.insert(property)
                var typeName = child.unwrapped.isArray ? SwiftNames.singular(key) : SwiftNames.type(key)
                while usedTypes.contains(typeName) { typeName += "Value" }
                if child.containsObject { usedTypes.insert(typeName) }
                let type = declared(child, name: typeName, qualifier: qualified, conformances: nestedConformances, into: &body)
                fields.append(Property(key: key, name: property, type: type))
            }
            var declaration = ["struct \(name): \(conformances) {"]
            declaration += body.map { $0.isEmpty ? "" : "    " + $0 }
            if !body.isEmpty { declaration.append("") }
            declaration += fields.map { "    let \($0.name): \($0.type.spelling)" }
            if fields.contains(where: { $0.name.trimmingCharacters(in: ["`"]) != $0.key }) {
                declaration.append("")
                declaration.append("    enum CodingKeys: String, CodingKey {")
                for field in fields {
                    let bare = field.name.trimmingCharacters(in: ["`"])
                    declaration.append("        case \(field.name)" + (bare == field.key ? "" : " = \(SwiftNames.literal(field.key))"))
                }
                declaration.append("    }")
            }
            declaration.append("}")
            if !lines.isEmpty { lines.append("") }
            lines += declaration
            return .structure(qualified: qualified, fields: fields)
        }
    }

    /// `value` as an expression of type `type`; `interpolate` spells a `{{placeholder}}`.
    static func expression(_ value: JSONValue, as type: Declared, interpolate: (String) -> String?) -> String {
        switch (type, value) {
        case (.optional, .null): return "nil"
        case (.optional(let inner), _): return expression(value, as: inner, interpolate: interpolate)
        case (.array(let element), .array(let items)):
            return "[" + items.map { expression($0, as: element, interpolate: interpolate) }.joined(separator: ", ") + "]"
        case (.structure(let qualified, let fields), .object(let pairs)):
            let arguments = fields.map { field in
                let child = pairs.first { $0.0 == field.key }?.1 ?? .null
                return "\(field.name.trimmingCharacters(in: ["`"])): \(expression(child, as: field.type, interpolate: interpolate))"
            }
            return "\(qualified)(\(arguments.joined(separator: ", ")))"
        case (.named("String"), .string(let text)): return SwiftNames.literal(text, interpolate: interpolate)
        case (.named("String"), .number(let text)): return SwiftNames.literal(text)
        case (.named("String"), .bool(let flag)): return SwiftNames.literal(flag ? "true" : "false")
        case (.named("Int"), .number(let text)), (.named("Double"), .number(let text)): return text
        case (.named("Bool"), .bool(let flag)): return flag ? "true" : "false"
        // A value unlike the rest of its list: the type's empty value, so the code still compiles.
        case (.named("String"), _): return "\"\""
        case (.named("Bool"), _): return "false"
        case (.named, _): return "0"
        case (.array, _): return "[]"
        case (.structure, _): return expression(.object([]), as: type, interpolate: interpolate)
        }
    }
}

extension SwiftTypeInference.Shape {
    var isArray: Bool {
        if case .array = self { return true }
        return false
    }

    /// Whether a struct is declared for it (an object, or a list or optional of one).
    var containsObject: Bool {
        switch self {
        case .object: return true
        case .array(let inner), .optional(let inner): return inner.containsObject
        default: return false
        }
    }
}
