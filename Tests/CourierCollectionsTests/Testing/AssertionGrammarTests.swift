@testable import CourierCollections
import CourierJSON
import Testing

@Suite("expect: and capture: grammar")
struct AssertionGrammarTests {
    @Test("every subject and predicate reads", arguments: [
        ("status == 200", ResponseSubject.status, false, Predicate.compare(.equal, .literal(.number("200")))),
        ("status != 500", .status, false, .compare(.notEqual, .literal(.number("500")))),
        ("duration < 500", .duration, false, .compare(.less, .literal(.number("500")))),
        ("size <= 1024", .size, false, .compare(.lessOrEqual, .literal(.number("1024")))),
        ("size > 0", .size, false, .compare(.greater, .literal(.number("0")))),
        ("status >= 200", .status, false, .compare(.greaterOrEqual, .literal(.number("200")))),
        ("status==201", .status, false, .compare(.equal, .literal(.number("201")))),
        ("header Content-Type contains \"json\"", .header("Content-Type"), false, .contains(.literal(.string("json")))),
        ("header Server not contains \"nginx\"", .header("Server"), true, .contains(.literal(.string("nginx")))),
        ("cookie session exists", .cookie("session"), false, .exists),
        ("body contains \"Ada\"", .body, false, .contains(.literal(.string("Ada")))),
        ("body data/token exists", .bodyPath(JSONKeyPath("data/token")), false, .exists),
        ("body data/x not exists", .bodyPath(JSONKeyPath("data/x")), true, .exists),
        ("body data/user/id is number", .bodyPath(JSONKeyPath("data/user/id")), false, .isType(.number)),
        ("body data/a is string", .bodyPath(JSONKeyPath("data/a")), false, .isType(.string)),
        ("body data/a is bool", .bodyPath(JSONKeyPath("data/a")), false, .isType(.bool)),
        ("body data/a is null", .bodyPath(JSONKeyPath("data/a")), false, .isType(.null)),
        ("body data/a is array", .bodyPath(JSONKeyPath("data/a")), false, .isType(.array)),
        ("body data/a not is object", .bodyPath(JSONKeyPath("data/a")), true, .isType(.object)),
        ("body data/user/name == \"{{user}}\"", .bodyPath(JSONKeyPath("data/user/name")), false, .compare(.equal, .literal(.string("{{user}}")))),
        ("body data/id == {{userId}}", .bodyPath(JSONKeyPath("data/id")), false, .compare(.equal, .template("{{userId}}"))),
        ("body data/user/roles count >= 1", .bodyPath(JSONKeyPath("data/user/roles")), false, .count(.greaterOrEqual, .literal(.number("1")))),
        ("body data/name startsWith \"A\"", .bodyPath(JSONKeyPath("data/name")), false, .startsWith(.literal(.string("A")))),
        ("body data/name endsWith \"e\"", .bodyPath(JSONKeyPath("data/name")), false, .endsWith(.literal(.string("e")))),
        ("body data/email matches \"^[^@]+@example\\\\.com$\"", .bodyPath(JSONKeyPath("data/email")), false,
         .matches(.literal(.string("^[^@]+@example\\.com$")))),
        ("body data/tags == [\"a\", 1, true, null]", .bodyPath(JSONKeyPath("data/tags")), false,
         .compare(.equal, .literal(.array([.string("a"), .number("1"), .bool(true), .null])))),
        ("body data == {\"id\": 7}", .bodyPath(JSONKeyPath("data")), false, .compare(.equal, .literal(.object([("id", .number("7"))])))),
        ("body data/ok == false", .bodyPath(JSONKeyPath("data/ok")), false, .compare(.equal, .literal(.bool(false)))),
    ] as [(String, ResponseSubject, Bool, Predicate)])
    func reads(text: String, subject: ResponseSubject, negated: Bool, predicate: Predicate) throws {
        let assertion = try AssertionGrammar.assertion(text)
        #expect(assertion.subject == subject)
        #expect(assertion.negated == negated)
        #expect(assertion.predicate == predicate)
        #expect(assertion.text == text)
    }

    @Test("malformed lines say where and suggest", arguments: [
        ("stauts == 200", 0, "unknown source 'stauts' in an assertion; did you mean 'status'?"),
        ("status = 200", 7, "unknown check '='; did you mean '=='?"),
        ("status equals 200", 7, "unknown check 'equals'"),
        ("header Content-Type startswith \"a\"", 20, "unknown check 'startswith'; did you mean 'startsWith'?"),
        ("body contans \"x\"", 5, "unknown predicate 'contans'; did you mean 'contains'?"),
        ("status", 6, "expected a check after 'status'"),
        ("header == 1", 0, "header needs a name"),
        ("status == ", 10, "'==' needs a value"),
        ("body data/name == Ada", 18, "the value Ada is not a JSON literal; write text in double quotes: \"Ada\""),
        ("duration < \"fast\"", 11, "'<' compares numbers"),
        ("body data/a is numbr", 15, "unknown type 'numbr'; did you mean 'number'?"),
        ("body data/a exists now", 19, "nothing follows 'exists'"),
        ("body data/a count 3", 12, "'count' is followed by a comparison"),
        ("body data/a matches \"([\"", 21, "is not a valid regular expression"),
        ("body data/a matches 3", 20, "'matches' takes a regular expression in double quotes"),
        ("body data/a not not exists", 16, "'not' is written once"),
        ("", 0, "an assertion needs a source"),
    ] as [(String, Int, String)])
    func malformed(text: String, offset: Int, message: String) {
        #expect {
            _ = try AssertionGrammar.assertion(text)
        } throws: { error in
            guard let problem = error as? GrammarProblem else { return false }
            #expect(problem.offset == offset, "\(problem)")
            #expect(problem.message.contains(message), "\(problem.message)")
            return true
        }
    }

    @Test("capture sources", arguments: [
        ("body data/token", ResponseSubject.bodyPath(JSONKeyPath("data/token"))),
        ("body", .body),
        ("cookie session", .cookie("session")),
        ("header X-Request-Id", .header("X-Request-Id")),
        ("status", .status),
    ] as [(String, ResponseSubject)])
    func captureSources(text: String, subject: ResponseSubject) throws {
        #expect(try AssertionGrammar.captureSource(text) == subject)
    }

    @Test("a capture source with more words or an unknown source is refused")
    func badCaptures() {
        #expect(throws: GrammarProblem(offset: 16, message: "a capture takes one source (status, header NAME, cookie NAME, body, body PATH, duration or size); 'exists' follows 'body data/token'")) {
            try AssertionGrammar.captureSource("body data/token exists")
        }
        #expect(throws: GrammarProblem.self) { try AssertionGrammar.captureSource("bdy data/token") }
    }
}
