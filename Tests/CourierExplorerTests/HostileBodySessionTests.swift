import CourierCollections
import CourierExplorer
import CourierTestSupport
import Foundation
import Testing

/// Bodies a hostile server sends, fetched over a real socket from the demo server's
/// `/hostile/…` routes and shown by the whole explorer.
@Suite("Hostile bodies in the explorer")
struct HostileBodySessionTests {
    @Test("65,536 unclosed '[' padded past 4 MiB show why they cannot be shown, and the explorer lives on")
    func deepJSON() async throws {
        let store = MemoryCollectionStore()
        try store.seed([
            "Hostile/collection.yaml": "name: Hostile\nbaseUrl: \"{{$demo}}\"\n",
            "Hostile/deep.yaml": "name: Deep\npath: hostile/deep-json\n",
        ])
        try await SessionHarness.run(on: store) { terminal in
            try await SessionHarness.open("deep", titled: "GET Hostile/deep", in: terminal)
            terminal.press(.ctrl("r"))
            // The first screen comes first, its note leading with where it stopped; then the whole,
            // which validation refuses at the same place ("not valid JSON (at line 1, column 513: …").
            let screen = try await terminal.waitFor { $0.contains("200 OK") && $0.contains("line 1, column 513: nesting is deeper than 512 levels") }
            #expect(screen.contains("  ["), "the lines before the limit show")
            terminal.press(.character("j"))
            try await terminal.waitFor { $0.contains("200 OK") }
        }
    }
}
