import CourierCollections
import CourierJSON
import CourierTestSupport
import Foundation
import Testing

@Suite("Lossless editing of request files")
struct LosslessEditTests {
    static let file = """
        # Create a user (the demo server answers 201)
        name: Create a user
        method: POST
        path: users
        x-owner: team-a
        headers:
          - {name: X-Request-Id, value: "{{$uuid}}"}   # traced end to end
          - {name: Accept, value: application/json}

        body:
          json: {name: Ada Lovelace, email: ada@example.com, role: admin}
        converter: data
        errorConverter: error

        """

    private func edited(_ change: (inout RequestDefinition) -> Void) throws -> String { try edited(Self.file, change) }

    private func edited(_ text: String, _ change: (inout RequestDefinition) -> Void) throws -> String {
        var draft = try #require(DocumentParser.request(text, file: "r.yaml").0)
        change(&draft)
        let result = try LosslessEdit.request(text, to: draft, file: "r.yaml")
        #expect(DocumentParser.request(result, file: "r.yaml").0 == draft, "reads back as the draft")
        return result
    }

    @Test("Adding a header to a file whose JSON body is one flow line is a one-line diff")
    func addHeader() throws {
        let result = try edited { $0.headers.append(Field(name: "X-Debug", value: "on")) }
        #expect(LineDiff(Self.file, result) == LineDiff(start: 8, removed: [], added: ["  - {name: X-Debug, value: \"on\"}"]))
    }

    @Test("Editing one header value changes one line; its comment stays")
    func editHeader() throws {
        let result = try edited { $0.headers[0].value = "fixed-id" }
        #expect(LineDiff(Self.file, result) == LineDiff(start: 6, removed: ["  - {name: X-Request-Id, value: \"{{$uuid}}\"}   # traced end to end"],
                                                         added: ["  - {name: X-Request-Id, value: \"fixed-id\"}   # traced end to end"]))
    }

    @Test("Comments, blank lines and unknown keys survive every kind of edit")
    func commentsAndUnknownKeys() throws {
        let edits: [(inout RequestDefinition) -> Void] = [
            { $0.name = "Make a user" }, { $0.method = "PUT" }, { $0.headers.removeFirst() }, { $0.timeout = 2.5 },
            { $0.body = .json(.object([("name", .string("Grace"))])) }, { $0.auth = .bearer("{{token}}") }, { $0.converter = nil },
            { $0.query = [Field(name: "page", value: "1", enabled: false)] },
        ]
        for change in edits {
            let result = try edited(change)
            for line in ["# Create a user (the demo server answers 201)", "x-owner: team-a", "", "  - {name: Accept, value: application/json}"] {
                #expect(result.components(separatedBy: "\n").contains(line), "lost '\(line)' in:\n\(result)")
            }
        }
    }

    @Test("Each edit lands where a careful person would put it", arguments: [
        ("timeout after the last key before it", { @Sendable (d: inout RequestDefinition) in d.timeout = 5 }, LineDiff(start: 11, removed: [], added: ["timeout: 5"])),
        ("a body value only", { @Sendable (d: inout RequestDefinition) in d.body = .json(.object([("name", .string("Grace"))])) },
         LineDiff(start: 10, removed: ["  json: {name: Ada Lovelace, email: ada@example.com, role: admin}"], added: ["  json: {name: Grace}"])),
        ("a removed key loses its line", { @Sendable (d: inout RequestDefinition) in d.errorConverter = nil }, LineDiff(start: 12, removed: ["errorConverter: error"], added: [])),
        ("a removed header loses its line", { @Sendable (d: inout RequestDefinition) in d.headers.remove(at: 1) },
         LineDiff(start: 7, removed: ["  - {name: Accept, value: application/json}"], added: [])),
        ("a switched-off header gains enabled: false", { @Sendable (d: inout RequestDefinition) in d.headers[1].enabled = false },
         LineDiff(start: 7, removed: ["  - {name: Accept, value: application/json}"], added: ["  - {name: Accept, value: application/json, enabled: false}"])),
        ("the method keeps its line", { @Sendable (d: inout RequestDefinition) in d.method = "GET" }, LineDiff(start: 2, removed: ["method: POST"], added: ["method: GET"])),
    ] as [(String, @Sendable (inout RequestDefinition) -> Void, LineDiff)])
    func placement(what: String, change: @Sendable (inout RequestDefinition) -> Void, expected: LineDiff) throws {
        #expect(LineDiff(Self.file, try edited(change)) == expected, "\(what)")
    }

    @Test("Quotes stay as written; a block list of block mappings gets a block entry")
    func styles() throws {
        let text = "name: 'It''s mine'\npath: \"users\"\nquery:\n  - name: page\n    value: \"1\"\n"
        let result = try edited(text) {
            $0.name = "It's yours"
            $0.path = "people"
            $0.query.append(Field(name: "size", value: "10"))
        }
        #expect(result == "name: 'It''s yours'\npath: \"people\"\nquery:\n  - name: page\n    value: \"1\"\n  - name: size\n    value: \"10\"\n")
    }

    @Test("A body that no longer fits on its line becomes a block; a block body stays block")
    func bodyStyle() throws {
        let long = JSONValue.object((1...8).map { ("field\($0)", .string("value number \($0)")) })
        let result = try edited { $0.body = .json(long) }
        #expect(result.contains("body:\n  json:\n    field1: value number 1\n"), "\(result)")
        let block = "path: x\nbody:\n  json:\n    a: 1  # one\n    b: 2\n"
        #expect(try edited(block) { $0.body = .json(.object([("a", .number("1")), ("b", .number("3"))])) } == "path: x\nbody:\n  json:\n    a: 1\n    b: 3\n")
    }

    @Test("A file that cannot be edited in place is refused with the reason", arguments: [
        ("anchor.yaml", "path: x\nheaders: &h\n  - {name: A, value: b}\n", "anchors, aliases or tags"),
        ("tag.yaml", "path: !custom x\n", "anchors, aliases or tags"),
        ("two.yaml", "path: x\n---\npath: y\n", "2 YAML documents"),
        ("flow.yaml", "{path: x, name: y}\n", "one flow mapping"),
        ("folded.yaml", "path: x\nname: a name\n  over two lines\n", "several lines"),
    ])
    func refused(name: String, text: String, reason: String) throws {
        var draft = DocumentParser.request(text, file: name).0 ?? RequestDefinition()
        draft.name = "Changed"
        do {
            _ = try LosslessEdit.request(text, to: draft, file: name)
            Issue.record("\(name) was edited")
        } catch {
            guard case .notLossless(let file, let why) = error else {
                Issue.record("\(error)")
                return
            }
            #expect(file == name)
            #expect(why.contains(reason), "\(why)")
            #expect(error.description.contains("\(name) cannot be edited without rewriting it"))
        }
    }

    @Test("An unchanged draft leaves the text exactly as it is; an empty file gets the canonical form")
    func unchangedAndNew() throws {
        #expect(try edited { _ in } == Self.file)
        var draft = RequestDefinition()
        draft.path = "x"
        #expect(try LosslessEdit.environment("", to: [Field(name: "a", value: "b")], file: "e.yaml") == "a: b\n")
        #expect(try LosslessEdit.request("# just a comment\n", to: draft, file: "r.yaml") == "# just a comment\npath: x\n")
    }
}

@Suite("Lossless editing: text bodies and settings files")
struct LosslessTextAndSettingsTests {
    @Test("A literal block text body stays a literal block, indented as it was")
    func literalBlock() throws {
        let text = "path: x\nbody:\n  text: |\n    line one\n    line two\ntimeout: 5\n"
        var draft = try #require(DocumentParser.request(text, file: "r").0)
        draft.body = .text("line one\nline 2\n\nlast\n")
        let result = try LosslessEdit.request(text, to: draft, file: "r")
        #expect(result == "path: x\nbody:\n  text: |\n    line one\n    line 2\n\n    last\ntimeout: 5\n")
        draft.body = .text("no final break")
        #expect(try LosslessEdit.request(text, to: draft, file: "r") == "path: x\nbody:\n  text: |-\n    no final break\ntimeout: 5\n")
    }

    @Test("Another body kind replaces the kind's key and value only")
    func bodyKind() throws {
        let text = "path: x\nbody:  # what is sent\n  json: {a: 1}\nconverter: data\n"
        var draft = try #require(DocumentParser.request(text, file: "r").0)
        draft.body = .form([Field(name: "q", value: "swift")])
        #expect(try LosslessEdit.request(text, to: draft, file: "r") == "path: x\nbody:  # what is sent\n  form:\n    - {name: q, value: swift}\nconverter: data\n")
        draft.body = nil
        #expect(try LosslessEdit.request(text, to: draft, file: "r") == "path: x\nconverter: data\n")
    }

    @Test("collection.yaml: a variable edited in place, an order entry added inside its flow list")
    func collection() throws {
        let text = "name: API\nvariables:\n  - {name: user, value: ada}  # the seeded one\norder: [b, a]\n"
        var draft = try #require(DocumentParser.collection(text, file: "c").0)
        draft.variables[0].value = "grace"
        draft.order = ["b", "a", "c"]
        #expect(try LosslessEdit.collection(text, to: draft, file: "c")
                == "name: API\nvariables:\n  - {name: user, value: grace}  # the seeded one\norder: [b, a, c]\n")
    }

    @Test("An environment switched-off entry cannot be said in name: value form, so it is refused")
    func environmentRefusal() throws {
        #expect(throws: StoreError.self) {
            try LosslessEdit.environment("a: b\n", to: [Field(name: "a", value: "b", enabled: false)], file: "e.yaml")
        }
    }
}

@Suite("Lossless editing of list entries whose keys change")
struct LosslessEntryKeysTests {
    @Test("A multipart part that turns from a value into a file keeps its other keys and its place", arguments: [
        ("path: x\nbody:\n  multipart:\n    - {name: a, value: b, mime: text/plain}  # one\n",
         "path: x\nbody:\n  multipart:\n    - {name: a, file: ./a.txt, mime: text/plain}  # one\n"),
        ("path: x\nbody:\n  multipart:\n    - {name: a, value: b}\n", "path: x\nbody:\n  multipart:\n    - {name: a, file: ./a.txt}\n"),
        ("path: x\nbody:\n  multipart:\n    - name: a\n      value: b\n      mime: text/plain\n",
         "path: x\nbody:\n  multipart:\n    - name: a\n      file: ./a.txt\n      mime: text/plain\n"),
    ])
    func valueToFile(text: String, expected: String) throws {
        var draft = try #require(DocumentParser.request(text, file: "r").0)
        guard case .multipart(var parts)? = draft.body else {
            Issue.record("no multipart body")
            return
        }
        parts[0].value = nil
        parts[0].file = "./a.txt"
        draft.body = .multipart(parts)
        #expect(try LosslessEdit.request(text, to: draft, file: "r") == expected)
    }
}

/// What the explorer's Tests tab and its key path keys change: only those lines.
@Suite("Lossless editing of expect: and capture:")
struct TestingLinesEditTests {
    static let file = """
        name: Create  # the demo answers 201
        method: POST
        path: users
        capture:
          createdUserId: body data/id   # used by read and delete
          requestId: {from: header X-Request-Id, secret: false}
        expect:
          - status == 201   # created
          - body data/id is number

        """

    private func edited(_ change: (inout RequestDefinition) throws -> Void) throws -> String {
        var draft = try #require(DocumentParser.request(Self.file, file: "r.yaml").0)
        try change(&draft)
        let result = try LosslessEdit.request(Self.file, to: draft, file: "r.yaml")
        #expect(DocumentParser.request(result, file: "r.yaml").0 == draft, "reads back as the draft")
        return result
    }

    @Test("An expect: line added by x is a one-line diff; comments stay")
    func addAssertion() throws {
        let result = try edited { $0.expectations.append(try AssertionGrammar.assertion("body data/name exists")) }
        #expect(LineDiff(Self.file, result) == LineDiff(start: 9, removed: [], added: ["  - body data/name exists"]))
    }

    @Test("A capture added, changed or removed touches only its line; the others keep their comments")
    func captures() throws {
        let added = try edited { $0.captures.append(CaptureDefinition(name: "name", subject: .bodyPath(JSONKeyPath("data/name")))) }
        #expect(LineDiff(Self.file, added) == LineDiff(start: 6, removed: [], added: ["  name: body data/name"]))
        let secret = try edited { $0.captures[1].secret = true }
        #expect(LineDiff(Self.file, secret) == LineDiff(start: 5, removed: ["  requestId: {from: header X-Request-Id, secret: false}"],
                                                        added: ["  requestId: {from: header X-Request-Id, secret: true}"]))
        let removed = try edited { $0.captures.remove(at: 1) }
        #expect(LineDiff(Self.file, removed) == LineDiff(start: 5, removed: ["  requestId: {from: header X-Request-Id, secret: false}"], added: []))
        #expect(removed.contains("createdUserId: body data/id   # used by read and delete"))
    }
}
