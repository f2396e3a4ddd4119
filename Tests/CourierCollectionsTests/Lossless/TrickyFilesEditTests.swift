import CourierCollections
import Foundation
import Testing

@Suite("Lossless editing of hand-written layouts")
struct TrickyFilesEditTests {
    static let files: [String] = [
        // Block-style entries, comments between them, a block JSON body.
        "name: A  # title\nmethod: post\npath: a\nheaders:\n  # first\n  - name: X-A\n    value: one\n\n  - name: X-B   # second\n    value: two\nbody:\n  json:\n    user:\n      name: Ada\n    tags: [a, b]\n",
        // Windows line breaks.
        "name: B\r\npath: b\r\nheaders:\r\n  - {name: A, value: b}\r\n",
        // Flow lists on one line, quoted keys, a file without a final line break.
        "\"name\": C\npath: 'c'\nquery: [{name: q, value: \"1\"}, {name: r, value: two}]\nheaders: []\ntimeout: 3",
        // Indentless list, unicode, tabs inside values.
        "name: Ünïcödé ✓\npath: d\nheaders:\n- {name: X-Emoji, value: \"👩‍💻\"}\n- {name: X-Tab, value: \"a\\tb\"}\nauth:\n  basic:\n    user: ada\n    password: \"p@ss: word\"\n",
        // The body as one flow mapping; auth as bearer.
        "path: e\nbody: {json: {a: 1, b: [1, 2]}}\nauth: {bearer: \"{{token}}\"}\nx-owner: team-a\n",
        // Multipart in block style.
        "path: f\nbody:\n  multipart:\n    - name: note\n      value: hi\n    - {name: avatar, file: a.png}\n",
    ]

    static func edits(seed: Int) -> [(String, (inout RequestDefinition) -> Void)] {
        [
            ("name", { $0.name = "Name \(seed)" }),
            ("method", { $0.method = "PATCH" }),
            ("add header", { $0.headers.append(Field(name: "X-New", value: "v\(seed)")) }),
            ("insert header", { $0.headers.insert(Field(name: "X-First", value: "f"), at: 0) }),
            ("edit header", { if !$0.headers.isEmpty { $0.headers[$0.headers.count - 1].value = "edited \(seed)" } }),
            ("drop header", { if !$0.headers.isEmpty { $0.headers.removeFirst() } }),
            ("drop all headers", { $0.headers = [] }),
            ("switch off", { if !$0.headers.isEmpty { $0.headers[0].enabled = false } }),
            ("query", { $0.query.append(Field(name: "page", value: "\(seed)")) }),
            ("drop query", { if !$0.query.isEmpty { $0.query.removeLast() } }),
            ("timeout", { $0.timeout = 1.5 }),
            ("no timeout", { $0.timeout = nil }),
            ("json", { $0.body = .json(.object([("seed", .number("\(seed)"))])) }),
            ("text", { $0.body = .text("hello \(seed)") }),
            ("no body", { $0.body = nil }),
            ("basic", { $0.auth = .basic(user: "u\(seed)", password: "p") }),
            ("bearer", { $0.auth = .bearer("t\(seed)") }),
            ("no auth", { $0.auth = nil }),
            ("converter", { $0.converter = "data/\(seed)" }),
        ]
    }

    @Test("Every edit of every layout reads back as the draft, and the lines around stay", arguments: 0..<files.count)
    func layouts(index: Int) throws {
        let text = Self.files[index]
        let original = try #require(DocumentParser.request(text, file: "r").0, "\(text)")
        for (what, edit) in Self.edits(seed: Int.random(in: 0..<1000)) {
            var draft = original
            edit(&draft)
            do {
                let result = try LosslessEdit.request(text, to: draft, file: "r")
                #expect(DocumentParser.request(result, file: "r").0 == draft)
                // Nothing of the original outside the change is lost: its first and last lines stay unless edited.
                #expect(text.contains("x-owner") == result.contains("x-owner: team-a"))
            } catch {
                Issue.record("layout \(index), \(what): \(error)")
            }
        }
    }
}
