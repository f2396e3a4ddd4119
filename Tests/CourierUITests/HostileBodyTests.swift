import CourierJSON
import CourierTestSupport
import CourierUI
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Testing

/// A hostile body fetched over a real socket from the demo server, prepared as the explorer
/// prepares it: the quick first screen of a body over 4 MiB, then the whole.
@Suite("Hostile bodies in the response pane")
struct HostileBodyTests {
    @Test("A body nested 65,536 deep and padded past 4 MiB: both steps say why, and every line draws")
    func deepJSON() async throws {
        let url = try #require(URL(string: try await TestServer.shared().url + "/hostile/deep-json"))
        let (data, _) = try await URLSession.shared.data(from: url)
        #expect(data.count > BodyDocument.previewThreshold)

        let preview = try #require(BodyDocument.preview(data, contentType: "application/json"))
        #expect(preview.note?.hasPrefix("the first screen stops at line 1, column 513: nesting is deeper than 512 levels; indexing") == true)
        #expect(preview.lineCount == 512)
        #expect((0..<preview.lineCount).allSatisfy { preview.line($0).hasSuffix("[") })
        #expect(preview.path(at: 511)?.components.count == 511)

        let whole = BodyDocument.make(data, contentType: "application/json")
        #expect(whole.note == "not valid JSON (at line 1, column 513: nesting is deeper than 512 levels); shown as text")
        #expect(whole.lineCount == 1)
        #expect(whole.line(0).count == TextLines.maximumLineBytes, "one long line, cut where lines are cut")
    }
}
