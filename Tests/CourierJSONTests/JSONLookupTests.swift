import CourierJSON
import Foundation
import Testing

@Suite("JSON validation")
struct JSONValidationTests {
    @Test("Valid documents", arguments: [
        #"{}"#, #"[]"#, #"0"#, #"-1.5e+10"#, #""\u00e9\n""#, #"  {"a": [true, false, null, {"b": "c"}]}  "#, "\"日本語\"",
    ])
    func valid(text: String) throws {
        try JSONLookup.validate(Data(text.utf8))
    }

    @Test("Invalid documents report line and column", arguments: [
        ("{\"a\": 1,}", 1, 9, "expected a string key"),
        ("[1, 2\n, 3 4]", 2, 5, "expected ',' or ']'"),
        ("{\"a\" 1}", 1, 6, "expected ':'"),
        ("01", 1, 2, "unexpected content after the JSON value"),
        ("\"tab\there\"", 1, 5, "control character"),
        ("[1.]", 1, 4, "expected a digit after '.'"),
        ("{\"a\": tru}", 1, 7, "expected true"),
        ("", 1, 1, "document ended"),
        ("\"\\x\"", 1, 3, "invalid escape"),
    ])
    func invalid(text: String, line: Int, column: Int, message: String) {
        #expect {
            try JSONLookup.validate(Data(text.utf8))
        } throws: { error in
            guard let error = error as? JSONError else { return false }
            return error.line == line && error.column == column && error.message.contains(message)
        }
    }

    @Test("Deep nesting is refused, not a stack overflow")
    func deepNesting() {
        let text = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
        #expect(throws: JSONError.self) { try JSONLookup.validate(Data(text.utf8)) }
    }
}

@Suite("JSON key-path lookup")
struct JSONKeyPathTests {
    private let document = Data(#"""
    {"data": {"items": [{"name": "a", "tags": ["x"]}, {"name": "b\"q", "n": -2.5e3}], "total": 2},
     "we\u0069rd": {"k": null}, "last": true}
    """#.utf8)

    @Test("Paths select the exact bytes of a value", arguments: [
        ("data/items/0/name", #""a""#),
        ("data/items/1/name", #""b\"q""#),
        ("data/items/1/n", "-2.5e3"),
        ("data/items/0/tags", #"["x"]"#),
        ("data/total", "2"),
        ("weird/k", "null"),
        ("last", "true"),
        ("/data//total/", "2"),
    ])
    func lookup(path: String, expected: String) throws {
        let value = try JSONLookup.value(at: JSONKeyPath(path), in: document)
        #expect(String(decoding: value, as: UTF8.self) == expected)
    }

    @Test("An empty path is the whole document")
    func emptyPath() throws {
        let value = try JSONLookup.value(at: JSONKeyPath(""), in: Data(" [1] ".utf8))
        #expect(value == Data("[1]".utf8))
    }

    @Test("Failures say where the path stopped")
    func failures() {
        func message(_ path: String) -> String {
            do {
                _ = try JSONLookup.value(at: JSONKeyPath(path), in: document)
                return "found"
            } catch {
                return error.description
            }
        }
        #expect(message("data/nope") == #"no key "nope" in the object at "data""#)
        #expect(message("data/items/5") == #"index 5 is past the end of the 2-element array at "data/items""#)
        #expect(message("data/total/x") == #"cannot look up "x": the value at "data/total" is not an object or array"#)
        #expect(message("data/items/name") == #"cannot look up "name": the value at "data/items" is an array, reached by index (0, 1, …)"#)
        #expect(message("missing") == #"no key "missing" in the object at the root"#)
    }

    @Test("Lookups stop at the value and do not need the rest to be valid")
    func stopsEarly() throws {
        let truncated = Data(#"{"first": {"id": 1}, "second": [1, 2,"#.utf8)
        #expect(try JSONLookup.value(at: JSONKeyPath("first/id"), in: truncated) == Data("1".utf8))
        #expect(throws: JSONLookupError.self) { try JSONLookup.value(at: JSONKeyPath("second/5"), in: truncated) }
    }

    @Test("Data slices with a non-zero start index work")
    func dataSlices() throws {
        let padded = Data("xxxx{\"a\": [10, 20]}".utf8)
        let slice = padded[4...]
        #expect(try JSONLookup.value(at: JSONKeyPath("a/1"), in: slice) == Data("20".utf8))
    }
}
