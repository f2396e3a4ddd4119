import CourierTestSupport
import Foundation
import Testing

/// The Events tab in a real terminal: the built explorer under tmux lists a stream's events as
/// they arrive, and Esc stops it with what arrived kept.
@Suite("courier explorer lists stream events live, in tmux", .serialized)
struct ExplorerEventsTerminalTests {
    @Test("ctrl-r on an SSE request opens Events, lists events live, [ shows the body so far, esc stops it")
    func eventsLive() async throws {
        try await ExclusiveTime.run { try await exclusiveEventsLive() }
    }

    private func exclusiveEventsLive() async throws {
        let temporary = try TemporaryDirectory()
        let collections = try temporary.copy(Checkout.collections, as: "Collections")
        // A stream long enough to stop by hand: 1000 events, 150 ms apart.
        try """
            name: Long stream
            path: sse
            query:
              - {name: count, value: "1000"}
              - {name: interval, value: "150"}
            headers:
              - {name: Accept, value: text/event-stream}
            """.write(to: collections.appendingPathComponent("Demo/big/long-stream.yaml"), atomically: true, encoding: .utf8)
        let state = try TemporaryDirectory()
        let session = try await TmuxSession(command: "\(ShellText.quote(Explorer.binary)) --collections \(ShellText.quote(collections.path)); echo \"exit=$?\"",
                                            width: 120, height: 40, environment: ["XDG_STATE_HOME": state.url.path])
        try await session.waitFor { $0.contains("Collections") }
        try await session.openWithPalette("long-stream", title: "GET Demo/big/long-stream")
        try await session.send("C-r")
        var screen = try await session.waitFor { $0.contains("tick  id 3") }
        #expect(screen.contains("Events "), "the Events tab is open: \(screen)")
        #expect(screen.contains("\"message\": \"event 1 of 1000\"") || screen.contains("\"message\": \"event 3 of 1000\""), "data pretty-printed")
        #expect(screen.contains("esc cancels"), "still streaming")
        // Events keep arriving while the explorer answers keys: the Body tab shows the raw stream so far.
        try await session.send("Tab", "Tab", "[")
        screen = try await session.waitFor { $0.contains("event: tick") && $0.contains("data: {\"id\":") }
        try await session.send("]")
        try await session.waitFor { $0.contains("tick  id 8") }
        try await session.send("Escape")
        screen = try await session.waitFor { $0.contains("cancelled after") }
        #expect(screen.range(of: #"Events \d+"#, options: .regularExpression) != nil, "the events that arrived stay: \(screen)")
        #expect(screen.contains("tick  id 8"))
        try await session.send("q")
        try await session.waitFor { $0.contains("exit=0") }
        await session.stop()
    }
}
