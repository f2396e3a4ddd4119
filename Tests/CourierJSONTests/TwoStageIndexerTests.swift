import CJSONBlocks
@testable import CourierJSON
import CourierTestSupport
import Foundation
import Testing

/// The two-stage indexer (`StructuralIndexer`) against the one-pass indexer it replaced
/// (`JSONLineIndexer`, still what says why a document is invalid): over JSONTestSuite and the
/// JSON fuzzing corpora, every prefix of each file under 200 bytes too, both must accept the same
/// documents and give the same lines, depths and closing links.
@Suite("The two-stage JSON indexer")
struct TwoStageIndexerTests {
    static let corpora = ["JSONTestSuite/test_parsing", "json-validate", "json-lines", "json-key-path"]

    /// The one-pass indexer's columns, or nil for an invalid document.
    static func onePass(_ bytes: UnsafeRawBufferPointer) -> ([Int32], [UInt16], [Int32])? {
        var indexer = JSONLineIndexer(bytes)
        do throws(JSONError) {
            try indexer.indexDocument()
            return indexer.finish()
        } catch {
            return nil
        }
    }

    static func twoStage(_ bytes: UnsafeRawBufferPointer) -> ([Int32], [UInt16], [Int32])? { StructuralIndexer.index(bytes) }

    /// Where the two indexers disagree on `data`, as a sentence; nil when they agree.
    static func disagreement(_ data: Data) -> String? {
        data.withUnsafeBytes { bytes in
            switch (onePass(bytes), twoStage(bytes)) {
            case (nil, nil): nil
            case (.some, nil): "refused by the two-stage indexer only"
            case (nil, .some): "accepted by the two-stage indexer only"
            case (.some(let old), .some(let new)):
                old.0 == new.0 && old.1 == new.1 && old.2 == new.2 ? nil : "indexed differently"
            }
        }
    }

    #if arch(x86_64)
    @Test("On x86-64 the C classifier compares 16 bytes at a time, so release builds take the two-stage path")
    func vectorizedHere() {
        #expect(cjson_classifier_is_vectorized())
    }
    #endif

    @Test("Accepts, refuses and indexes exactly as the one-pass indexer, over the corpora and their prefixes")
    func sameAsOnePass() throws {
        var compared = 0
        var accepted = 0
        for corpus in Self.corpora {
            let folder = Checkout.root.appendingPathComponent("Fuzz/Corpus/\(corpus)")
            let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
            for name in names {
                let data = try Data(contentsOf: folder.appendingPathComponent(name))
                let lengths = data.count < 200 ? Array(0...data.count) : [data.count]
                for length in lengths {
                    let input = data.prefix(length)
                    compared += 1
                    if let problem = Self.disagreement(input) {
                        Issue.record("\(corpus)/\(name), first \(length) bytes: \(problem)")
                    } else if input.withUnsafeBytes({ Self.twoStage($0) != nil }) {
                        accepted += 1
                    }
                }
            }
        }
        // Both outcomes are exercised, in numbers that show every corpus was read.
        #expect(compared > 60_000)
        #expect(accepted > 2_000)
    }

    @Test("Blocks and their edges: strings, escapes and scalars across the 64-byte boundaries")
    func blockEdges() {
        // Each shape shifted through two block boundaries, valid and broken.
        let shapes = [
            #"{"key":"value with \"quotes\" and \\ backslashes","n":-12.5e+3,"t":[true,false,null]}"#,
            #"["\u00e9\ud83d\ude00",12345678901234567890,{"":{}},[[]],"\\\\\"",0]"#,
            #"{"a":1x}"#, #"["a" b]"#, #"["\x"]"#, #"["\u12g4"]"#, "[\"tab\there\"]", #"[01]"#, #"[1.]"#, #"["open"#,
            "[\"\\\"]", "{\"a\":tru}", "[1 2]", "[-]", "[\"\u{1}\"]", "[1,]", "{\"a\" 1}", "[nulll]",
        ]
        for shape in shapes {
            for padding in 50..<140 {
                let data = Data((String(repeating: " ", count: padding) + shape + String(repeating: "\n", count: padding % 7)).utf8)
                #expect(Self.disagreement(data) == nil, "\(shape) after \(padding) spaces: \(Self.disagreement(data) ?? "")")
            }
        }
        #expect(Data(#"{"a":[1,{"b":null}],"c":"\"}"}"#.utf8).withUnsafeBytes { Self.twoStage($0) != nil })
        #expect(Data(#"{"a":1x}"#.utf8).withUnsafeBytes { Self.twoStage($0) == nil })
    }

    @Test("Nesting: 511 levels are indexed, 512 refused, as by the one-pass indexer")
    func depthLimit() {
        for levels in [511, 512, 513] {
            let data = Data((String(repeating: "[", count: levels) + "1" + String(repeating: "]", count: levels)).utf8)
            #expect(Self.disagreement(data) == nil, "\(levels) levels")
            #expect(data.withUnsafeBytes { Self.twoStage($0) != nil } == (levels < 512), "\(levels) levels")
        }
    }

    @Test("Invalid UTF-8 inside a string is accepted as before; outside one it is an error with its place")
    func invalidUTF8() throws {
        let inString = Data([0x5B, 0x22, 0xFF, 0xC3, 0x22, 0x5D])
        #expect(Self.disagreement(inString) == nil)
        #expect(throws: Never.self) { try JSONPrettyDocument(inString) }
        let outside = Data([0x5B, 0x31, 0x2C, 0xFF, 0x5D])
        #expect(Self.disagreement(outside) == nil)
        let error = try #require(throws: JSONError.self) { try JSONPrettyDocument(outside) }
        let validatorError = try #require(throws: JSONError.self) { try JSONLookup.validate(outside) }
        #expect(error == validatorError)
        #expect(error.offset == 3 && error.line == 1 && error.column == 4)
    }
}
