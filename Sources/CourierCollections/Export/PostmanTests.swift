import Foundation

/// `capture:` and `expect:` as the lines of a Postman test script: `pm.collectionVariables.set`
/// for captures and one `pm.test` per assertion with a chai `pm.expect` chain, in the forms
/// courier's Postman importer reads back.
enum PostmanTests {
    /// The script's lines; empty when there is nothing to check or keep.
    static func lines(captures: [CaptureDefinition], expectations: [Assertion]) -> [String] {
        var lines: [String] = []
        for capture in captures {
            lines.append("pm.collectionVariables.set(\(quoted(capture.name)), \(source(capture.subject)));")
        }
        for assertion in expectations {
            lines.append("pm.test(\(quoted(assertion.text)), function () {")
            lines.append("    " + statement(assertion))
            lines.append("});")
        }
        return lines
    }

    /// What a subject reads, as JavaScript.
    static func source(_ subject: ResponseSubject) -> String {
        switch subject {
        case .status: return "pm.response.code"
        case .header(let name): return "pm.response.headers.get(\(quoted(name)))"
        case .cookie(let name): return "pm.cookies.get(\(quoted(name)))"
        case .body: return "pm.response.text()"
        case .bodyPath(let path): return "pm.response.json()" + ExportText.javaScriptAccess(path)
        case .duration: return "pm.response.responseTime"
        case .size: return "pm.response.size().body"
        }
    }

    /// One assertion as a `pm.expect` statement.
    private static func statement(_ assertion: Assertion) -> String {
        let subject = source(assertion.subject)
        let not = assertion.negated ? "not." : ""
        switch assertion.predicate {
        case .compare(let comparison, let value):
            let chains: [ComparisonOperator: String] = [.equal: "eql", .notEqual: "not.eql", .less: "be.below", .greater: "be.above",
                                                        .lessOrEqual: "be.at.most", .greaterOrEqual: "be.at.least"]
            let chain = chains[comparison] ?? "eql"
            let negated = assertion.negated ? (chain.hasPrefix("not.") ? String(chain.dropFirst(4)) : "not." + chain) : chain
            return "pm.expect(\(subject)).to.\(negated)(\(literal(value)));"
        case .contains(let value): return "pm.expect(\(subject)).to.\(not)include(\(literal(value)));"
        case .startsWith(let value): return "pm.expect(String(\(subject)).startsWith(\(literal(value)))).to.be.\(!assertion.negated);"
        case .endsWith(let value): return "pm.expect(String(\(subject)).endsWith(\(literal(value)))).to.be.\(!assertion.negated);"
        case .matches(let value):
            if case .literal(.string(let pattern)) = value, !pattern.contains("/") { return "pm.expect(\(subject)).to.\(not)match(/\(pattern)/);" }
            return "pm.expect(\(subject)).to.\(not)match(new RegExp(\(literal(value))));"
        case .exists: return "pm.expect(\(subject)).to.\(not)exist;"
        case .isType(let type):
            if type == .null { return "pm.expect(\(subject)).to.\(not)be.null;" }
            return "pm.expect(\(subject)).to.\(not)be.a(\(quoted(type == .bool ? "boolean" : type.rawValue)));"
        case .count(let comparison, let value):
            if comparison == .equal, !assertion.negated { return "pm.expect(\(subject)).to.have.lengthOf(\(literal(value)));" }
            return "pm.expect(Object.keys(\(subject)).length \(comparison.rawValue) \(literal(value))).to.be.\(!assertion.negated);"
        }
    }

    /// An expected value as JavaScript: a JSON literal is one; a `{{template}}` reads the variable.
    private static func literal(_ value: ExpectedValue) -> String {
        switch value {
        case .literal(let json): return json.compactText
        case .template(let text):
            let name = text.trimmingCharacters(in: CharacterSet(charactersIn: "{} "))
            return "pm.variables.get(\(quoted(name)))"
        }
    }

    private static func quoted(_ text: String) -> String { JSONValue.quote(text) }
}
