import Foundation

/// How assertion values compare: numbers by value (`200 == 200.0`), text that reads as a number
/// against a number (header values are text), objects whatever their key order.
enum ValueComparison {
    static func compare(_ actual: JSONValue, _ comparison: ComparisonOperator, _ expected: JSONValue) -> Bool {
        switch comparison {
        case .equal: return equal(actual, expected)
        case .notEqual: return !equal(actual, expected)
        default:
            guard let left = number(actual), let right = number(expected) else { return false }
            switch comparison {
            case .less: return left < right
            case .lessOrEqual: return left <= right
            case .greater: return left > right
            default: return left >= right
            }
        }
    }

    static func equal(_ a: JSONValue, _ b: JSONValue) -> Bool {
        switch (a, b) {
        case (.number, .number), (.string, .number), (.number, .string):
            guard let x = number(a), let y = number(b) else { return text(of: a) == text(of: b) }
            return x == y
        case (.string(let text), .bool(let flag)), (.bool(let flag), .string(let text)):
            return text == (flag ? "true" : "false")
        case (.array(let x), .array(let y)):
            return x.count == y.count && zip(x, y).allSatisfy { equal($0, $1) }
        case (.object(let x), .object(let y)):
            return x.count == y.count && x.allSatisfy { key, value in y.contains { $0.0 == key && equal(value, $0.1) } }
        default:
            return a == b
        }
    }

    /// A string's own text, anything else as compact JSON.
    static func text(of value: JSONValue) -> String {
        if case .string(let text) = value { return text }
        return value.compactText
    }

    static func number(_ value: JSONValue) -> Double? {
        switch value {
        case .number(let text): return Double(text)
        case .string(let text): return Double(text.trimmingCharacters(in: .whitespaces))
        default: return nil
        }
    }

    /// A string contains text, an array an element, an object a key.
    static func contains(_ actual: JSONValue, _ expected: JSONValue) -> Bool {
        switch actual {
        case .array(let items): return items.contains { equal($0, expected) }
        case .object(let pairs): return pairs.contains { $0.0 == text(of: expected) }
        default: return text(of: actual).contains(text(of: expected))
        }
    }

    static func count(of value: JSONValue) -> Int? {
        switch value {
        case .array(let items): return items.count
        case .object(let pairs): return pairs.count
        case .string(let text): return text.count
        default: return nil
        }
    }

    static func type(of value: JSONValue) -> JSONType {
        switch value {
        case .null: return .null
        case .bool: return .bool
        case .number: return .number
        case .string: return .string
        case .array: return .array
        case .object: return .object
        }
    }
}

extension JSONValue {
    /// The value with `transform` applied to every string (templating), keys left as written.
    func rendered(_ transform: (String) throws(TemplateError) -> String) throws(TemplateError) -> JSONValue {
        switch self {
        case .string(let text): return .string(try transform(text))
        case .array(let items):
            var result: [JSONValue] = []
            for item in items { result.append(try item.rendered(transform)) }
            return .array(result)
        case .object(let pairs):
            var result: [(String, JSONValue)] = []
            for (key, value) in pairs { result.append((key, try value.rendered(transform))) }
            return .object(result)
        default: return self
        }
    }
}
