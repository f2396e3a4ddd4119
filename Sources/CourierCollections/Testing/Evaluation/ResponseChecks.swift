import Foundation

/// Evaluates assertions and captures against a response: no UI, no IO. The explorer and the
/// command line share it.
public enum ResponseChecks {
    /// Evaluates `assertion` against `facts`, filling `{{templates}}` of its value from `context`.
    public static func evaluate(_ assertion: Assertion, against facts: ResponseFacts, context: TemplateContext = TemplateContext()) -> AssertionResult {
        let actual = facts.value(of: assertion.subject)
        let expected: ExpectedValue?
        let expectedValue: JSONValue?
        do throws(TemplateError) {
            (expected, expectedValue) = try resolvedValue(of: assertion.predicate, context: context)
        } catch {
            return AssertionResult(assertion: assertion, passed: false, expected: assertion.text, actual: "error: \(error.reason)")
        }
        let holds: Bool
        var shown = describe(actual)
        switch actual {
        case .failure:
            holds = false
        case .success(let value):
            (holds, shown) = check(assertion.predicate, value: value, expected: expectedValue ?? .null, shown: shown)
        }
        let passed = assertion.negated ? !holds : holds
        let prefix = assertion.negated ? "not " : ""
        return AssertionResult(assertion: assertion, passed: passed,
                               expected: prefix + predicateText(assertion.predicate, value: expected.map { _ in expectedValue ?? .null }),
                               actual: shown)
    }

    /// Takes the value `capture` names from `facts`.
    public static func capture(_ capture: CaptureDefinition, from facts: ResponseFacts) -> CaptureResult {
        switch facts.value(of: capture.subject) {
        case .success(.string(let text)): return CaptureResult(capture: capture, value: text, problem: nil)
        case .success(let value): return CaptureResult(capture: capture, value: value.compactText, problem: nil)
        case .failure(let missing): return CaptureResult(capture: capture, value: nil, problem: missing.reason)
        }
    }

    // MARK: - Checks

    private static func check(_ predicate: Predicate, value: JSONValue, expected: JSONValue, shown: String) -> (Bool, String) {
        switch predicate {
        case .compare(let comparison, _): return (ValueComparison.compare(value, comparison, expected), shown)
        case .contains: return (ValueComparison.contains(value, expected), shown)
        case .startsWith: return (ValueComparison.text(of: value).hasPrefix(ValueComparison.text(of: expected)), shown)
        case .endsWith: return (ValueComparison.text(of: value).hasSuffix(ValueComparison.text(of: expected)), shown)
        case .matches:
            let text = ValueComparison.text(of: value)
            guard let regex = try? NSRegularExpression(pattern: ValueComparison.text(of: expected)) else { return (false, "\(shown) (invalid pattern)") }
            return (regex.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)) != nil, shown)
        case .exists: return (true, shown)
        case .isType(let type): return (ValueComparison.type(of: value) == type, "\(shown) (\(ValueComparison.type(of: value).rawValue))")
        case .count(let comparison, _):
            guard let count = ValueComparison.count(of: value) else { return (false, "\(shown), which has no count") }
            return (ValueComparison.compare(.number(String(count)), comparison, expected), "count \(count)")
        }
    }

    private static func resolvedValue(of predicate: Predicate, context: TemplateContext) throws(TemplateError) -> (ExpectedValue?, JSONValue?) {
        let expected: ExpectedValue
        switch predicate {
        case .compare(_, let value), .contains(let value), .startsWith(let value), .endsWith(let value), .matches(let value), .count(_, let value):
            expected = value
        case .exists, .isType: return (nil, nil)
        }
        switch expected {
        case .literal(let literal):
            return (expected, try literal.rendered { text throws(TemplateError) in try context.render(text, at: nil) })
        case .template(let text):
            let filled = try context.render(text, at: nil)
            return (expected, (try? JSONValue.parse(filled)) ?? .string(filled))
        }
    }

    private static func predicateText(_ predicate: Predicate, value: JSONValue?) -> String {
        let shown = value.map { " " + $0.compactText } ?? ""
        switch predicate {
        case .compare(let comparison, _): return comparison.rawValue + shown
        case .contains: return "contains" + shown
        case .startsWith: return "startsWith" + shown
        case .endsWith: return "endsWith" + shown
        case .matches: return "matches" + shown
        case .exists: return "exists"
        case .isType(let type): return "is \(type.rawValue)"
        case .count(let comparison, _): return "count \(comparison.rawValue)" + shown
        }
    }

    /// An actual value as a report shows it: JSON, cut to 200 characters; or why it is missing.
    private static func describe(_ actual: Result<JSONValue, SubjectMissing>) -> String {
        switch actual {
        case .success(let value):
            let text = value.compactText
            return text.count > 200 ? String(text.prefix(200)) + "…" : text
        case .failure(let missing): return "missing: \(missing.reason)"
        }
    }
}
