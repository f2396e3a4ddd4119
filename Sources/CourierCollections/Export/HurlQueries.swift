/// Courier's response subjects and predicates in Hurl's assert grammar: a query (`status`,
/// `header "X"`, `jsonpath "$.a"`, `body`, `duration`, `bytes count`), then `not`, a predicate
/// (`==`, `contains`, `startsWith`, `matches`, `exists`, `isString`…) and a value.
enum HurlQueries {
    /// The query a subject reads.
    static func query(_ subject: ResponseSubject) -> String {
        switch subject {
        case .status: return "status"
        case .header(let name): return "header \(quoted(name))"
        case .cookie(let name): return "cookie \(quoted(name))"
        case .body: return "body"
        case .bodyPath(let path): return "jsonpath \(quoted(ExportText.jsonPath(path)))"
        case .duration: return "duration"
        case .size: return "bytes count"
        }
    }

    /// One `[Asserts]` line, or nil when Hurl cannot say it.
    static func assert(_ assertion: Assertion) -> String? {
        let not = assertion.negated ? "not " : ""
        let subject = query(assertion.subject)
        switch assertion.predicate {
        case .compare(let comparison, let value): return "\(subject) \(not)\(comparison.rawValue) \(literal(value))"
        case .contains(let value): return "\(subject) \(not)contains \(literal(value))"
        case .startsWith(let value): return "\(subject) \(not)startsWith \(literal(value))"
        case .endsWith(let value): return "\(subject) \(not)endsWith \(literal(value))"
        case .matches(let value):
            guard case .literal(.string(let pattern)) = value else { return "\(subject) \(not)matches \(literal(value))" }
            return "\(subject) \(not)matches /\(pattern.replacingOccurrences(of: "/", with: "\\/"))/"
        case .exists: return "\(subject) \(not)exists"
        case .isType(let type):
            let predicates: [JSONType: String] = [.string: "isString", .number: "isNumber", .bool: "isBoolean", .array: "isList", .object: "isObject"]
            guard let predicate = predicates[type] else { return "\(subject) \(assertion.negated ? "!=" : "==") null" }
            return "\(subject) \(not)\(predicate)"
        case .count(let comparison, let value):
            // Hurl counts lists and bytes; the characters of a string or keys of an object it cannot.
            guard case .bodyPath = assertion.subject else { return nil }
            return "\(subject) count \(not)\(comparison.rawValue) \(literal(value))"
        }
    }

    /// A predicate value: numbers, `true`/`false`/`null` and `{{placeholders}}` as they are, strings quoted.
    static func literal(_ value: ExpectedValue) -> String {
        switch value {
        case .template(let text): return text
        case .literal(.string(let text)): return quoted(text)
        case .literal(let json): return json.compactText
        }
    }

    /// A Hurl quoted string: `"` and `\` escaped, control characters as `\u{…}`.
    static func quoted(_ text: String) -> String {
        QuotedText.quote(text) { "\\u{\(String($0.value, radix: 16))}" }
    }
}
