import CourierJSON
import Foundation
import Testing

/// JSON a hostile server sends: nesting past any limit, closers without openers, keys that look
/// alike. Every reader answers with a sentence or an index, never a trap.
@Suite("Hostile JSON")
struct HostileJSONTests {
    /// Deeper than the 16-bit depth the index keeps per line.
    static let unclosed = Data(repeating: UInt8(ascii: "["), count: 65_536)

    @Test("65,536 unclosed '[' stop the first-screen index where validation stops, with the same sentence")
    func deepArraysStopTheFirstScreen() throws {
        let document = JSONPrettyDocument(prefixOf: Self.unclosed, length: Self.unclosed.count)
        let problem = try #require(document.problem)
        #expect(problem.description == "invalid JSON at line 1, column 513: nesting is deeper than 512 levels")
        #expect(throws: problem) { try JSONLookup.validate(Self.unclosed) }
        #expect(throws: problem) { try JSONPrettyDocument(Self.unclosed) }
        #expect(document.lineCount == 512, "the lines before the limit still show")
        #expect(document.depth(of: 511) == 511)
        #expect(document.line(of: JSONKeyPath("0/0/0")) == nil, "containers that never close lead nowhere")
        #expect(document.path(at: 511).components.count == 511)
    }

    @Test("Deep objects, and deep nesting cut by the prefix length, stop alike")
    func deepObjects() throws {
        let objects = Data(String(repeating: #"{"a":"#, count: 70_000).utf8)
        let document = JSONPrettyDocument(prefixOf: objects, length: objects.count)
        #expect(document.problem?.message == "nesting is deeper than 512 levels")
        #expect(document.path(at: document.lineCount - 1).components.count <= 512)
        let cut = JSONPrettyDocument(prefixOf: Self.unclosed, length: 300)
        #expect(cut.problem == nil && cut.lineCount == 300, "within the limit the prefix indexes every byte")
    }

    @Test("Closers without openers keep the depth at zero")
    func strayClosers() {
        let closers = Data(String(repeating: "]}", count: 40_000).utf8)
        let document = JSONPrettyDocument(prefixOf: closers, length: closers.count)
        #expect(document.lineCount == 80_000)
        #expect((0..<document.lineCount).allSatisfy { document.depth(of: $0) == 0 })
        #expect(document.line(0) == "]")
        #expect(document.valueLines(from: 0, limit: 0).isEmpty)
    }

    @Test("Any prefix length, even negative or past the end, is taken as the bytes there are")
    func prefixLengths() {
        let data = Data("[1,2]".utf8)
        #expect(JSONPrettyDocument(prefixOf: data, length: -5).lineCount == 0)
        #expect(JSONPrettyDocument(prefixOf: data, length: .max).lineCount == 4)
    }

    @Test("Keys that look alike but differ in bytes are told apart, by the index and the lookup alike")
    func lookalikeKeys() throws {
        let composed = "\u{E9}", decomposed = "e\u{301}"
        #expect(composed == decomposed, "Swift's String equality takes them for one key")
        let data = Data(#"{"\#(composed)":1,"\#(decomposed)":2,"\u00e9x":3}"#.utf8)
        let document = try JSONPrettyDocument(data)
        #expect(document.line(of: JSONKeyPath(components: [composed])) == 1)
        #expect(document.line(of: JSONKeyPath(components: [decomposed])) == 2)
        #expect(document.line(of: JSONKeyPath(components: ["\u{E9}x"])) == 3, "an escaped key is decoded before it is compared")
        #expect(try JSONLookup.value(at: JSONKeyPath(components: [decomposed]), in: data) == Data("2".utf8))
        #expect(document.path(at: 2).components.map { Array($0.utf8) } == [Array(decomposed.utf8)])
    }

    @Test("A key with a lone surrogate or bytes that are not UTF-8 leads back to its line, and the lookup finds it")
    func undecodableKeys() throws {
        for text in [#"{"a":0,"\ud800":1}"#, #"{"a":0,"\udc00\ud800x":1}"#] {
            let data = Data(text.utf8)
            let document = try JSONPrettyDocument(data)
            let path = document.path(at: 2)
            #expect(path.components == ["\u{FFFD}" + (text.contains("x") ? "\u{FFFD}x" : "")])
            #expect(document.line(of: path) == 2, "\(text)")
            #expect(try JSONLookup.value(at: path, in: data) == Data("1".utf8), "\(text)")
        }
        let invalid = Data([UInt8]("{\"k\u{FF}\":1}".utf8).map { $0 == 0xC3 ? 0xFF : $0 })
        let document = try JSONPrettyDocument(invalid)
        #expect(try JSONLookup.value(at: document.path(at: 1), in: invalid) == Data("1".utf8))
    }
}
