import CourierJSON
import CourierTestSupport
import Foundation
import Testing

/// nst/JSONTestSuite's parsing tests (kept in `Fuzz/Corpus/JSONTestSuite`, MIT; see SOURCE.md
/// there): a `y_` file must be accepted, an `n_` file refused, an `i_` file either, and no file
/// may trap or hang any reader, validating or not.
@Suite("JSONTestSuite's parsing tests")
struct JSONTestSuiteTests {
    static let folder = Checkout.root.appendingPathComponent("Fuzz/Corpus/JSONTestSuite/test_parsing")

    /// The file names, in order.
    static let names: [String] = ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).sorted()

    static func data(_ name: String) throws -> Data { try Data(contentsOf: folder.appendingPathComponent(name)) }

    @Test("All 318 files are there, y_, n_ and i_")
    func filesAreThere() {
        #expect(Self.names.count == 318)
        #expect(Self.names.filter { $0.hasPrefix("y_") }.count == 95)
        #expect(Self.names.filter { $0.hasPrefix("n_") }.count == 188)
        #expect(Self.names.filter { $0.hasPrefix("i_") }.count == 35)
    }

    @Test("y_ accepted and n_ refused by the validator, the line indexer and the formatter, alike")
    func validatingReaders() throws {
        for name in Self.names {
            let data = try Self.data(name)
            var refusal: JSONError?
            do { try JSONLookup.validate(data) } catch { refusal = error }
            if name.hasPrefix("y_") { #expect(refusal == nil, "\(name) is refused: \(refusal.map(\.description) ?? "")") }
            if name.hasPrefix("n_") { #expect(refusal != nil, "\(name) is accepted") }
            if let refusal {
                #expect(throws: refusal, "\(name)") { try JSONPrettyDocument(data) }
                #expect(throws: refusal, "\(name)") { try JSONFormatter.pretty(data) }
            } else {
                let document = try JSONPrettyDocument(data)
                let pretty = try JSONFormatter.pretty(data)
                #expect(Array((0..<document.lineCount).map { document.lineBytes($0) }.joined(separator: [0x0A])) == Array(pretty), "\(name)")
            }
        }
    }

    @Test("The first-screen index reads every file, cut anywhere, without trapping; y_ files as the full index does")
    func firstScreenIndex() throws {
        for name in Self.names {
            let data = try Self.data(name)
            let whole = JSONPrettyDocument(prefixOf: data, length: data.count)
            if let full = try? JSONPrettyDocument(data) {
                #expect(whole.problem == nil, "\(name)")
                #expect(whole.lineCount == full.lineCount && whole.closingLine == full.closingLine, "\(name)")
                #expect((0..<full.lineCount).allSatisfy { whole.lineBytes($0) == full.lineBytes($0) && whole.depth(of: $0) == full.depth(of: $0) }, "\(name)")
                for line in 0..<min(full.lineCount, 64) {
                    let path = full.path(at: line)
                    #expect(full.path(at: try #require(full.line(of: path), "\(name): \(path)")) == path, "\(name), line \(line)")
                    #expect(throws: Never.self, "\(name): \(path)") { try JSONLookup.value(at: path, in: data) }
                }
            }
            // Every cut of a small file, and sixteen of a larger one; every line asked everything.
            let lengths = data.count < 256 ? Array(0...data.count) : (0...16).map { data.count * $0 / 16 }
            for length in lengths {
                let document = JSONPrettyDocument(prefixOf: data, length: length)
                for line in 0..<min(document.lineCount, 64) {
                    _ = document.line(line)
                    _ = document.valueLines(from: line, limit: 4)
                    _ = document.line(of: document.path(at: line))
                }
            }
        }
    }
}
