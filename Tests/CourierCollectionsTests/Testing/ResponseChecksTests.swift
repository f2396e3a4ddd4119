@testable import CourierCollections
import Foundation
import Testing

@Suite("assertions and captures against a response")
struct ResponseChecksTests {
    static let body = #"{"data": {"token": "at-1", "user": {"id": 7, "name": "ada", "roles": ["admin", "dev"], "email": "ada@example.com", "#
        + #""active": true, "manager": null, "meta": {"a": 1, "b": 2}, "score": 4.5, "zip": "007"}}}"#
    static let facts = ResponseFacts(
        status: 200,
        headers: [("Content-Type", "application/json; charset=utf-8"), ("Set-Cookie", "session=s3cr3t; Path=/, theme=dark; Expires=Wed, 21 Oct 2015 07:28:00 GMT"),
                  ("Content-Length", "12")],
        body: Data(body.utf8), duration: 0.0421)
    static let context = TemplateContext(variables: ["user": "ada", "userId": "7", "zip": "007"])

    @Test("passing assertions", arguments: [
        "status == 200", "status != 201", "status < 300", "status <= 200", "status > 199", "status >= 200",
        "header Content-Type contains \"json\"", "header content-type startsWith \"application/\"", "header Content-Type endsWith \"utf-8\"",
        "header Content-Length == 12", "header Content-Length > 10", "header Server not exists", "header Server not contains \"nginx\"",
        "cookie session == \"s3cr3t\"", "cookie theme == \"dark\"", "cookie missing not exists",
        "body contains \"ada@example.com\"", "body matches \"\\\"token\\\"\"",
        "body data/token exists", "body data/x not exists", "body data/user/id is number", "body data/user/id == 7", "body data/user/id == 7.0",
        "body data/user/id == {{userId}}", "body data/user/name == \"{{user}}\"", "body data/user/name is string", "body data/user/active is bool",
        "body data/user/active == true", "body data/user/manager is null", "body data/user/manager == null", "body data/user/roles is array",
        "body data/user/meta is object", "body data/user/roles count >= 1", "body data/user/roles count == 2", "body data/user/meta count == 2",
        "body data/user/name count == 3", "body data/user/roles contains \"dev\"", "body data/user/meta contains \"a\"",
        "body data/user/meta == {\"b\": 2, \"a\": 1}", "body data/user/roles == [\"admin\", \"dev\"]", "body data/user/roles/0 == \"admin\"",
        "body data/user/email matches \"^[^@]+@example\\\\.com$\"", "body data/user/score < 5", "body data/user/zip == {{zip}}",
        "body data/user/zip == \"007\"", "duration < 500", "duration > 40", "size == \(body.utf8.count)", "size > 100",
    ])
    func passes(line: String) throws {
        let result = ResponseChecks.evaluate(try AssertionGrammar.assertion(line), against: Self.facts, context: Self.context)
        #expect(result.passed, "\(line): expected \(result.expected), actual \(result.actual)")
    }

    @Test("failing assertions say what was expected and what was there", arguments: [
        ("status == 404", "== 404", "200"),
        ("status != 200", "!= 200", "200"),
        ("header Server exists", "exists", "missing: no header Server"),
        ("header Content-Type not contains \"json\"", "not contains \"json\"", "\"application/json; charset=utf-8\""),
        ("body data/x exists", "exists", "missing: no key \"x\" in the object at \"data\""),
        ("body data/user/id is string", "is string", "7 (number)"),
        ("body data/user/name == \"{{user}}x\"", "== \"adax\"", "\"ada\""),
        ("body data/user/roles count > 2", "count > 2", "count 2"),
        ("body data/user/id count > 2", "count > 2", "7, which has no count"),
        ("body data/user/name < 3", "< 3", "\"ada\""),
        ("body data/user/roles/5 == 1", "== 1", "missing: index 5 is past the end of the 2-element array at \"data/user/roles\""),
        ("duration < 10", "< 10", "42.1"),
        ("body data/user/name == {{nobody}}", "body data/user/name == {{nobody}}", "error: undefined variable 'nobody'"),
    ] as [(String, String, String)])
    func fails(line: String, expected: String, actual: String) throws {
        let result = ResponseChecks.evaluate(try AssertionGrammar.assertion(line), against: Self.facts, context: Self.context)
        #expect(!result.passed)
        #expect(result.expected == expected)
        #expect(result.actual.hasPrefix(actual), "\(result.actual)")
    }

    @Test("a body that is not JSON fails path assertions and passes whole-body ones")
    func notJSON() throws {
        let facts = ResponseFacts(status: 200, body: Data("plain text".utf8))
        let path = ResponseChecks.evaluate(try AssertionGrammar.assertion("body data exists"), against: facts)
        #expect(!path.passed && path.actual.hasPrefix("missing: the body is not JSON"))
        #expect(ResponseChecks.evaluate(try AssertionGrammar.assertion("body == \"plain text\""), against: facts).passed)
    }

    @Test("captures take strings as text and other values as JSON", arguments: [
        ("body data/token", "at-1"), ("body data/user/id", "7"), ("body data/user/roles", "[\"admin\",\"dev\"]"),
        ("cookie session", "s3cr3t"), ("header content-length", "12"), ("status", "200"),
    ] as [(String, String)])
    func captures(source: String, value: String) throws {
        let capture = CaptureDefinition(name: "v", subject: try AssertionGrammar.captureSource(source))
        #expect(ResponseChecks.capture(capture, from: Self.facts).value == value)
    }

    @Test("a capture of something missing says why")
    func missingCapture() throws {
        let result = ResponseChecks.capture(CaptureDefinition(name: "id", subject: .header("X-Id")), from: Self.facts)
        #expect(result.value == nil && result.problem == "no header X-Id")
    }

    @Test("captures named like credentials or marked secret are secret", arguments: [
        ("token", nil, true), ("sessionId", nil, true), ("apiKey", nil, true), ("myCookie", nil, true), ("userPassword", nil, true),
        ("authHeader", nil, true), ("clientSecret", nil, true), ("userId", nil, false), ("requestId", false, false), ("code", true, true),
        ("token", false, true),
    ] as [(String, Bool?, Bool)])
    func secrecy(name: String, marked: Bool?, secret: Bool) {
        #expect(CaptureDefinition(name: name, subject: .status, secret: marked).isSecret == secret)
    }
}
