import CourierJSON
import Foundation

/// The grammar of `expect:` lines and of capture sources:
/// `SUBJECT [not] PREDICATE [VALUE]`, where SUBJECT is `status`, `header NAME`, `cookie NAME`,
/// `body`, `body PATH`, `duration` or `size`, and VALUE a JSON literal or a `{{template}}`.
public enum AssertionGrammar {
    static let subjectWords = ["status", "header", "cookie", "body", "duration", "size"]
    static let predicateWords = ComparisonOperator.allCases.map(\.rawValue)
        + ["contains", "startsWith", "endsWith", "matches", "exists", "is", "count", "not"]
    private static let subjectHelp = "status, header NAME, cookie NAME, body, body PATH, duration or size"
    private static let predicateHelp = "==, !=, <, <=, >, >=, contains, startsWith, endsWith, matches, exists, is TYPE or count"

    /// Reads one `expect:` line.
    /// - Throws: `GrammarProblem` with the offset of the word that is wrong and a suggestion.
    public static func assertion(_ text: String) throws(GrammarProblem) -> Assertion {
        var scanner = GrammarScanner(text)
        let (subject, pathWord) = try subject(&scanner)
        do {
            let (negated, predicate) = try predicate(&scanner, after: subject)
            return Assertion(subject: subject, negated: negated, predicate: predicate, text: text)
        } catch {
            // `body contans "x"` reads `contans` as a key path; the predicate it meant is the better hint.
            if let pathWord, let near = Suggestion.closest(to: pathWord.word, in: predicateWords, within: 2), near.count > 2 {
                throw GrammarProblem(offset: pathWord.offset, message: "unknown predicate '\(pathWord.word)'; did you mean '\(near)'?")
            }
            throw error
        }
    }

    /// Reads a capture's source: a subject and nothing else (`body data/token`, `header X-Request-Id`).
    /// - Throws: `GrammarProblem` with the offset of the word that is wrong.
    public static func captureSource(_ text: String) throws(GrammarProblem) -> ResponseSubject {
        var scanner = GrammarScanner(text)
        let (subject, _) = try subject(&scanner, capturing: true)
        if let extra = scanner.next() {
            throw GrammarProblem(offset: extra.offset, message: "a capture takes one source (\(subjectHelp)); '\(extra.word)' follows '\(subject)'")
        }
        return subject
    }

    // MARK: - Subjects

    private static func subject(_ scanner: inout GrammarScanner, capturing: Bool = false) throws(GrammarProblem)
        -> (ResponseSubject, pathWord: (word: String, offset: Int)?) {
        let what = capturing ? "a capture" : "an assertion"
        guard let (word, offset) = scanner.next() else {
            throw GrammarProblem(offset: 0, message: "\(what) needs a source: \(subjectHelp)")
        }
        switch word {
        case "status": return (.status, nil)
        case "duration": return (.duration, nil)
        case "size": return (.size, nil)
        case "header", "cookie":
            guard let name = scanner.peek(), !predicateWords.contains(name.word) else {
                throw GrammarProblem(offset: offset, message: "\(word) needs a name: \(word == "header" ? "header Content-Type" : "cookie session")")
            }
            _ = scanner.next()
            return (word == "header" ? .header(name.word) : .cookie(name.word), nil)
        case "body":
            guard let path = scanner.peek(), capturing || !predicateWords.contains(path.word) else { return (.body, nil) }
            _ = scanner.next()
            return (.bodyPath(JSONKeyPath(path.word)), path)
        default:
            let hint = Suggestion.closest(to: word, in: subjectWords).map { "; did you mean '\($0)'?" } ?? " (known: \(subjectHelp))"
            throw GrammarProblem(offset: offset, message: "unknown source '\(word)' in \(what)\(hint)")
        }
    }

    // MARK: - Predicates

    private static func predicate(_ scanner: inout GrammarScanner, after subject: ResponseSubject) throws(GrammarProblem) -> (Bool, Predicate) {
        var negated = false
        if scanner.peek()?.word == "not" {
            _ = scanner.next()
            negated = true
        }
        guard let (word, offset) = scanner.next() else {
            throw GrammarProblem(offset: scanner.characters.count, message: "expected a check after '\(subject)': \(predicateHelp)")
        }
        if let comparison = ComparisonOperator(rawValue: word) {
            return (negated, .compare(comparison, try value(&scanner, after: word, ordering: comparison.orders)))
        }
        switch word {
        case "contains": return (negated, .contains(try value(&scanner, after: word)))
        case "startsWith": return (negated, .startsWith(try value(&scanner, after: word)))
        case "endsWith": return (negated, .endsWith(try value(&scanner, after: word)))
        case "matches": return (negated, .matches(try pattern(&scanner)))
        case "exists":
            try expectEnd(&scanner, after: word)
            return (negated, .exists)
        case "is":
            guard let (name, at) = scanner.next() else {
                throw GrammarProblem(offset: scanner.characters.count, message: "'is' needs a type: \(JSONType.allCases.map(\.rawValue).joined(separator: ", "))")
            }
            guard let type = JSONType(rawValue: name) else {
                let names = JSONType.allCases.map(\.rawValue)
                let hint = Suggestion.closest(to: name, in: names).map { "; did you mean '\($0)'?" } ?? " (known: \(names.joined(separator: ", ")))"
                throw GrammarProblem(offset: at, message: "unknown type '\(name)'\(hint)")
            }
            try expectEnd(&scanner, after: name)
            return (negated, .isType(type))
        case "count":
            guard let symbol = scanner.next()?.word, let comparison = ComparisonOperator(rawValue: symbol) else {
                throw GrammarProblem(offset: offset, message: "'count' is followed by a comparison: count >= 1")
            }
            return (negated, .count(comparison, try value(&scanner, after: symbol, ordering: true)))
        case "not":
            throw GrammarProblem(offset: offset, message: "'not' is written once, before the check")
        default:
            let hint = Suggestion.closest(to: word, in: predicateWords).map { "; did you mean '\($0)'?" } ?? " (known: \(predicateHelp))"
            throw GrammarProblem(offset: offset, message: "unknown check '\(word)'\(hint)")
        }
    }

    private static func expectEnd(_ scanner: inout GrammarScanner, after word: String) throws(GrammarProblem) {
        if let extra = scanner.next() {
            throw GrammarProblem(offset: extra.offset, message: "nothing follows '\(word)', found '\(extra.word)'")
        }
    }

    // MARK: - Values

    /// The rest of the line as a JSON literal or a bare `{{template}}`.
    private static func value(_ scanner: inout GrammarScanner, after word: String, ordering: Bool = false) throws(GrammarProblem) -> ExpectedValue {
        let (text, offset) = scanner.rest()
        guard !text.isEmpty else {
            throw GrammarProblem(offset: offset, message: "'\(word)' needs a value: a JSON literal such as 200 or \"text\", or a {{variable}}")
        }
        if text.hasPrefix("{{"), text.hasSuffix("}}"), TemplateContext.references(in: text).count == 1 { return .template(text) }
        guard let literal = try? JSONValue.parse(text) else {
            throw GrammarProblem(offset: offset, message: "the value \(text) is not a JSON literal; write text in double quotes: \(JSONValue.quote(text))")
        }
        if ordering, !literal.isNumber {
            throw GrammarProblem(offset: offset, message: "'\(word)' compares numbers, found \(text)")
        }
        return .literal(literal)
    }

    /// The value of `matches`: a regular expression in a JSON string (or a template), checked here.
    private static func pattern(_ scanner: inout GrammarScanner) throws(GrammarProblem) -> ExpectedValue {
        var copy = scanner
        let offset = copy.rest().offset
        let value = try value(&scanner, after: "matches")
        guard case .literal(let literal) = value else { return value }
        guard case .string(let text) = literal else {
            throw GrammarProblem(offset: offset, message: "'matches' takes a regular expression in double quotes, such as \"^[0-9]+$\"")
        }
        if !text.contains("{{"), (try? NSRegularExpression(pattern: text)) == nil {
            throw GrammarProblem(offset: offset + 1, message: "\(JSONValue.quote(text)) is not a valid regular expression")
        }
        return value
    }
}
