@testable import CourierCollections
import CourierJSON
import Testing

@Suite("capture:, expect:, requires: and skip: in request files")
struct TestingFormatTests {
    static let file = """
        name: Log in
        method: POST
        path: auth/login
        body:
          json: {username: "{{user}}", password: "{{password}}"}
        requires: [auth/setup, users/seed]
        capture:
          token: body data/token          # key path, the converter syntax
          session: cookie session
          requestId: {from: header X-Request-Id, secret: false}
          code: {from: body data/code, secret: true}
        expect:
          - status == 200
          - header Content-Type contains "json"
          - body data/token exists
          - body data/user/id is number
          - body data/user/name == "{{user}}"
          - body data/user/roles count >= 1
          - body data/user/email matches "^[^@]+@example\\\\.com$"
          - duration < 500
        skip: true

        """

    @Test("the issue's example reads into the model")
    func reads() throws {
        let (parsed, problems) = DocumentParser.request(Self.file, file: "login.yaml")
        let request = try #require(parsed)
        #expect(problems.isEmpty, "\(problems)")
        #expect(request.requires == ["auth/setup", "users/seed"])
        #expect(request.captures.map(\.name) == ["token", "session", "requestId", "code"])
        #expect(request.captures.map(\.subject) == [.bodyPath(JSONKeyPath("data/token")), .cookie("session"), .header("X-Request-Id"), .bodyPath(JSONKeyPath("data/code"))])
        #expect(request.captures.map(\.isSecret) == [true, true, false, true])
        #expect(request.expectations.count == 8)
        #expect(request.expectations[6].predicate == .matches(.literal(.string("^[^@]+@example\\.com$"))))
        #expect(request.expectations[0].location == SourceLocation(file: "login.yaml", line: 13, column: 5))
        #expect(request.skip == true)
    }

    @Test("requires takes one id too")
    func singleRequirement() throws {
        let request = try #require(DocumentParser.request("path: me\nrequires: auth/login\n", file: "me.yaml").0)
        #expect(request.requires == ["auth/login"])
    }

    @Test("malformed lines are file:line:column errors with a suggestion", arguments: [
        ("expect:\n  - status = 200\n", "r.yaml:3:12: error: unknown check '='; did you mean '=='?"),
        ("expect:\n  - \"stauts == 200\"\n", "r.yaml:3:6: error: unknown source 'stauts' in an assertion; did you mean 'status'?"),
        ("expect: [status == 200, body data/x exist]\n", "r.yaml:2:37: error: unknown check 'exist'; did you mean 'exists'?"),
        ("expect: status == 200\n", "r.yaml:2:9: error: expect must be a list of assertions (- status == 200), found the value 'status == 200'"),
        ("capture:\n  token: bdy data/token\n", "r.yaml:3:10: error: unknown source 'bdy' in a capture; did you mean 'body'?"),
        ("capture:\n  id: {from: header X-Id, secet: true}\n", "r.yaml:3:27: error: unknown key 'secet' in the capture 'id'; did you mean 'secret'?"),
        ("capture:\n  id: {secret: true}\n", "r.yaml:3:7: error: the capture 'id' needs from: (from: body data/token)"),
        ("capture: [token]\n", "r.yaml:2:10: error: capture must be a mapping of variable names to sources (token: body data/token), found a list"),
        ("skip: maybe\n", "r.yaml:2:7: error: skip must be true or false, found the value 'maybe'"),
        ("expct:\n  - status == 200\n", "r.yaml:2:1: error: unknown key 'expct' in a request file; did you mean 'expect'?"),
        ("requires: /Demo/auth/login\n", "r.yaml:2:11: error: requires names request ids relative to the collection, such as auth/login"),
    ] as [(String, String)])
    func malformed(text: String, message: String) {
        let problems = DocumentParser.request("path: x\n" + text, file: "r.yaml").1
        #expect(problems.map(\.description).contains { $0.hasPrefix(message) }, "\(problems)")
    }

    @Test("new files get the canonical form and read back the same")
    func canonical() throws {
        let request = try #require(DocumentParser.request(Self.file, file: "login.yaml").0)
        let written = CollectionWriter.text(of: request)
        #expect(written.contains("requires: [auth/setup, users/seed]\ncapture:\n  token: body data/token\n"))
        #expect(written.contains("  requestId: {from: header X-Request-Id, secret: false}\n"))
        #expect(written.hasSuffix("  - duration < 500\nskip: true\n"))
        #expect(DocumentParser.request(written, file: "login.yaml").0 == request)
    }

    private func edited(_ text: String, _ change: (inout RequestDefinition) -> Void) throws -> String {
        var draft = try #require(DocumentParser.request(text, file: "r.yaml").0)
        change(&draft)
        let result = try LosslessEdit.request(text, to: draft, file: "r.yaml")
        #expect(DocumentParser.request(result, file: "r.yaml").0 == draft)
        return result
    }

    @Test("an edit elsewhere keeps every testing line byte for byte")
    func keeps() throws {
        let result = try edited(Self.file) { $0.path = "auth/sign-in" }
        #expect(LineDiff(Self.file, result) == LineDiff(start: 2, removed: ["path: auth/login"], added: ["path: auth/sign-in"]))
    }

    @Test("an added assertion is one new line; a removed one loses its line")
    func editsAssertions() throws {
        let added = try edited(Self.file) { $0.expectations.append(try! AssertionGrammar.assertion("size < 1000")) }
        #expect(LineDiff(Self.file, added) == LineDiff(start: 20, removed: [], added: ["  - size < 1000"]))
        let removed = try edited(Self.file) { $0.expectations.remove(at: 2) }
        #expect(LineDiff(Self.file, removed) == LineDiff(start: 14, removed: ["  - body data/token exists"], added: []))
    }

    @Test("new keys go where the canonical order puts them")
    func insertsKeys() throws {
        let text = "path: me\nconverter: data\n"
        let result = try edited(text) {
            $0.expectations = [try! AssertionGrammar.assertion("status == 200")]
            $0.requires = ["auth/login"]
            $0.skip = false
        }
        #expect(result == "path: me\nconverter: data\nrequires: auth/login\nexpect:\n  - status == 200\nskip: false\n")
        let unskipped = try edited(result) { $0.skip = nil }
        #expect(unskipped == "path: me\nconverter: data\nrequires: auth/login\nexpect:\n  - status == 200\n")
    }
}
