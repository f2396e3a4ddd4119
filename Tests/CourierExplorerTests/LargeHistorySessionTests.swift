import CourierExplorer
import CourierTestSupport
import Foundation
import Testing

/// Large responses in one session, with the whole explorer on a scripted terminal and the requests
/// going to the loopback demo server: only the body in view keeps its line index, and every other
/// one comes back from History, whole, when it is shown.
@Suite("Large responses in History", .serialized)
struct LargeHistorySessionTests {
    /// History lines of the 18 MB responses of `/json/big?mb=17`.
    static func bigRows(_ screen: String) -> Int {
        screen.split(separator: "\n").filter { $0.contains("200     18 MB") }.count
    }

    @Test("five spooled 18 MB responses: History lists all five, and each shows its whole body again, to its last line")
    func fiveLargeResponses() async throws {
        let state = try TemporaryDirectory()
        try await SessionHarness.run(state: state.url) { terminal, collections in
            try await SessionHarness.open("big-json", titled: "GET Demo/big/big-json", in: terminal)
            for count in 1...5 {
                terminal.press(.ctrl("r"))
                // History writes a response once its whole body is indexed: then the next goes out.
                try await HistorySessionTests.waitForEntries(count, of: "Demo/big/big-json", collections: collections, state: state.url)
            }
            terminal.press(.character("H"))
            let listed = try await terminal.waitFor(timeout: 30) { Self.bigRows($0) == 5 }
            #expect(listed.contains("(shown)"))
            for position in 0..<5 {
                terminal.press(.character("H"))
                try await terminal.waitFor { $0.contains("status  size") }
                terminal.press(.character("g"))
                for _ in 0..<position { terminal.press(.character("j")) }
                terminal.press(.enter, .character("]"), .character("]"))
                // Read back (its first screen at once), then the end once the whole is indexed again.
                try await terminal.waitFor(timeout: 60) { $0.contains("\"items\": [") }
                terminal.press(.character("G"))
                let end = try await terminal.waitFor(timeout: 60) { $0.contains("\"count\": ") }
                #expect(end.contains("\"meta\": {"))
            }
            terminal.press(.character("H"))
            let again = try await terminal.waitFor(timeout: 30) { Self.bigRows($0) == 5 }
            #expect(again.contains("(shown)"))
        }
    }
}
