import CourierJSON
import Foundation
import Testing

@Suite("Pretty JSON indexed by line")
struct JSONPrettyDocumentTests {
    let sample = #"{"data":{"items":[{"id":1,"tags":["a","b"]},{"id":2,"tags":[]}],"na\"me":"x"},"meta":{}}"#

    @Test("The text equals the formatter's, and line offsets find every line")
    func textAndLines() throws {
        let document = try JSONPrettyDocument(Data(sample.utf8))
        let pretty = String(decoding: try JSONFormatter.pretty(Data(sample.utf8)), as: UTF8.self)
        let lines = pretty.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(document.lineCount == lines.count)
        #expect((0..<document.lineCount).map(document.line) == lines)
    }

    @Test("Each opening line knows its closing line; empty containers stay on one line")
    func closingLines() throws {
        let document = try JSONPrettyDocument(Data(sample.utf8))
        for index in 0..<document.lineCount {
            let line = document.line(index)
            let close = Int(document.closingLine[index])
            if line.hasSuffix("{") || line.hasSuffix("[") {
                #expect(close > index)
                let closing = document.line(close).trimmingCharacters(in: .whitespaces)
                #expect(closing.hasPrefix(line.hasSuffix("{") ? "}" : "]"))
                #expect(document.depth(of: close) == document.depth(of: index))
                #expect(document.opener(ofClosing: close) == index, "the closing line links back")
            } else if line.hasPrefix("}") || line.hasPrefix("]") || line.trimmingCharacters(in: .whitespaces).first.map({ "}]".contains($0) }) == true {
                #expect(close <= -2, "line \(index): \(line)")
            } else {
                #expect(close == -1, "line \(index): \(line)")
                #expect(document.opener(ofClosing: index) == nil)
            }
        }
        #expect((0..<document.lineCount).map(document.line).contains { $0.contains("\"tags\": []") })
        #expect(document.line(document.lineCount - 2).contains("\"meta\": {}"))
    }

    @Test("The key path of a line walks up through objects and arrays")
    func paths() throws {
        let document = try JSONPrettyDocument(Data(sample.utf8))
        func path(ofLineContaining text: String, occurrence: Int = 0) -> String {
            let matches = (0..<document.lineCount).filter { document.line($0).contains(text) }
            return document.path(at: matches[occurrence]).description
        }
        #expect(path(ofLineContaining: "\"data\": {") == "data")
        #expect(path(ofLineContaining: "\"id\": 1") == "data/items/0/id")
        #expect(path(ofLineContaining: "\"a\"") == "data/items/0/tags/0")
        #expect(path(ofLineContaining: "\"b\"") == "data/items/0/tags/1")
        #expect(path(ofLineContaining: "\"id\": 2") == "data/items/1/id")
        #expect(path(ofLineContaining: "\"tags\": []") == "data/items/1/tags")
        #expect(path(ofLineContaining: "na\\\"me") == "data/na\"me", "escaped keys are decoded")
        #expect(path(ofLineContaining: "},", occurrence: 0) == "data/items/0", "a closing line belongs to its container")
        #expect(document.path(at: 0).description == "")
        #expect(document.path(at: document.lineCount - 1).description == "")
        // Every path leads back to a value the lookup finds.
        for index in 0..<document.lineCount {
            _ = try JSONLookup.value(at: document.path(at: index), in: Data(sample.utf8))
        }
    }

    @Test("A path is found on the index, and its value's lines are what the converter would hand on")
    func lookupOnTheIndex() throws {
        let data = Data(sample.utf8)
        let document = try JSONPrettyDocument(data)
        for index in 0..<document.lineCount where !document.isClosing(index) {
            #expect(document.line(of: document.path(at: index)) == index, "line \(index)")
        }
        for path in ["data/items/0", "data/items/1/tags", "data/na\"me", "meta", ""] {
            let line = try #require(document.line(of: JSONKeyPath(path)))
            let expected = String(decoding: try JSONFormatter.pretty(try JSONLookup.value(at: JSONKeyPath(path), in: data)), as: UTF8.self)
            #expect(document.valueLines(from: line, limit: 100).joined(separator: "\n") == expected, "\(path)")
        }
        #expect(document.line(of: JSONKeyPath("data/items/2")) == nil)
        #expect(document.line(of: JSONKeyPath("data/nope")) == nil)
        #expect(document.line(of: JSONKeyPath("data/items/x")) == nil)
        #expect(document.valueLines(from: 1, limit: 3).count == 3, "long values are cut at the limit")
    }

    @Test("Invalid JSON is refused with its position, never half-indexed")
    func invalid() {
        #expect(throws: JSONError.self) { try JSONPrettyDocument(Data(#"{"a": [1, 2}"#.utf8)) }
    }

    @Test("One validating pass indexes exactly as the prefix indexer does, and fails exactly as validation does")
    func onePass() throws {
        let documents = [
            sample, "[]", "{}", "  42  ", #""text""#, "[[],[[]],{}]", #"{"a":{"b":{"c":[1,{"d":null}]}}}"#,
            " [ 1 ,\n 2 ,\t{ \"x\" : [ ] } ] ", #"[true,false,null,-1.5e+3,"\u00e9\"\\"]"#,
            "[" + (0..<300).map { #"{"id":\#($0),"tags":["t\#($0)",[\#($0)]]}"# }.joined(separator: ",") + "]",
        ]
        for text in documents {
            let data = Data(text.utf8)
            let document = try JSONPrettyDocument(data)
            let reference = JSONPrettyDocument(prefixOf: data, length: data.count)
            #expect(document.lineCount == reference.lineCount, "\(text)")
            #expect((0..<document.lineCount).map { document.line($0) } == (0..<reference.lineCount).map { reference.line($0) }, "\(text)")
            #expect(document.closingLine == reference.closingLine, "\(text)")
            #expect((0..<document.lineCount).map(document.depth(of:)) == (0..<reference.lineCount).map(reference.depth(of:)), "\(text)")
            // Paths and lines round-trip: the path of any line leads back to the line that starts its value.
            for line in 0..<document.lineCount {
                #expect(document.line(of: document.path(at: line)) == document.opener(ofClosing: line) ?? line, "\(text), line \(line)")
            }
        }
        let invalid = ["", "[1,]", #"{"a" 1}"#, "{1:2}", "[1 2]", #""\q""#, "tru", "01", "[1]x", "-", "1.", "[\"\u{1}\"]",
                       String(repeating: "[", count: 600) + String(repeating: "]", count: 600), #"{"a":1,}"#, "[{]"]
        for text in invalid {
            let data = Data(text.utf8)
            var expected: JSONError?
            do { try JSONLookup.validate(data) } catch { expected = error }
            let refusal = try #require(expected, "\(text) is invalid")
            #expect(throws: refusal) { try JSONPrettyDocument(data) }
        }
    }
}
