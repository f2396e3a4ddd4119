import Foundation

/// Swift spellings: identifiers and type names made from JSON keys and request names, and
/// string literals with `{{placeholders}}` as interpolations.
enum SwiftNames {
    static let keywords: Set<String> = [
        "associatedtype", "class", "deinit", "enum", "extension", "fileprivate", "func", "import", "init", "inout", "internal",
        "let", "open", "operator", "private", "protocol", "public", "rethrows", "static", "struct", "subscript", "typealias",
        "var", "break", "case", "continue", "default", "defer", "do", "else", "fallthrough", "for", "guard", "if", "in",
        "repeat", "return", "switch", "where", "while", "as", "catch", "false", "is", "nil", "super", "self", "Self", "throw",
        "throws", "true", "try", "Any", "Type", "await", "async", "some", "any",
    ]

    /// The words of `text`: split at anything not a letter or digit and at lower-to-upper changes.
    static func words(_ text: String) -> [String] {
        var words: [String] = []
        var current = ""
        var previousIsLower = false
        for character in text {
            guard character.isASCII && (character.isLetter || character.isNumber) else {
                if !current.isEmpty { words.append(current) }
                current = ""
                previousIsLower = false
                continue
            }
            if character.isUppercase && previousIsLower && !current.isEmpty {
                words.append(current)
                current = ""
            }
            current.append(character)
            previousIsLower = character.isLowercase || character.isNumber
        }
        if !current.isEmpty { words.append(current) }
        return words
    }

    /// `access_token` → `accessToken`; `2fa` → `_2fa`; a keyword in backticks; empty → `value`.
    static func property(_ key: String) -> String {
        let parts = words(key)
        guard let first = parts.first else { return "value" }
        var name = first.lowercased() + parts.dropFirst().map(capitalized).joined()
        if name.first?.isNumber == true { name = "_" + name }
        return keywords.contains(name) ? "`\(name)`" : name
    }

    /// `list users` → `ListUsers`; never empty, never starting with a digit.
    static func type(_ text: String) -> String {
        var name = words(text).map(capitalized).joined()
        if name.isEmpty { name = "Value" }
        if name.first?.isNumber == true { name = "T" + name }
        return ["Type", "Self", "Any", "Protocol"].contains(name) ? name + "Value" : name
    }

    /// A type name for an element of the array under `key`: `users` → `User`, `categories` → `Category`.
    static func singular(_ key: String) -> String {
        let name = type(key)
        if name.hasSuffix("ies") && name.count > 4 { return String(name.dropLast(3)) + "y" }
        if name.hasSuffix("ses") || name.hasSuffix("xes") { return String(name.dropLast(2)) }
        if name.hasSuffix("s") && !name.hasSuffix("ss") && name.count > 3 { return String(name.dropLast()) }
        return name + "Item"
    }

    private static func capitalized(_ word: String) -> String { word.prefix(1).uppercased() + word.dropFirst() }

    /// A Swift string literal for `text`, escaped; `interpolate` turns the inner text of each
    /// `{{…}}` into an expression (nil keeps the placeholder as text).
    static func literal(_ text: String, interpolate: (String) -> String? = { _ in nil }) -> String {
        var out = "\""
        var rest = Substring(text)
        while !rest.isEmpty {
            if rest.hasPrefix("{{"), let close = rest.range(of: "}}"),
               let expression = interpolate(rest[rest.index(rest.startIndex, offsetBy: 2)..<close.lowerBound].trimmingCharacters(in: .whitespaces)) {
                out += "\\(\(expression))"
                rest = rest[close.upperBound...]
                continue
            }
            let character = rest.removeFirst()
            for scalar in character.unicodeScalars { out += escaped(scalar) }
        }
        out += "\""
        // `"\(name)"` is the String property itself.
        if out.hasPrefix("\"\\("), out.hasSuffix(")\""), case let inner = out.dropFirst(3).dropLast(2),
           inner.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" }) {
            return String(inner)
        }
        return out
    }

    private static func escaped(_ scalar: Unicode.Scalar) -> String {
        switch scalar {
        case "\"": return "\\\""
        case "\\": return "\\\\"
        case "\n": return "\\n"
        case "\r": return "\\r"
        case "\t": return "\\t"
        case _ where QuotedText.isControl(scalar): return "\\u{\(String(scalar.value, radix: 16))}"
        default: return String(scalar)
        }
    }
}
