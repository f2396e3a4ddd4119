import Courier
import CourierCollections
import CourierUI
import Foundation
import Testing

/// The Events tab through the pure model: a stream's events listed live, the body following,
/// Esc stopping it, and the finished response keeping what arrived.
@Suite("Events tab")
struct EventsTabTests {
    private static let id = "Demo/users/create-user"

    /// create-user open and sent (focus on the response pane), its event stream begun.
    private func streaming(secret: String? = nil) -> Harness {
        var harness = Harness(width: 100, height: 30)
        harness.press(.character("p"))
        harness.type("create-user")
        harness.press(.enter, .ctrl("r"), .tab, .tab)
        let redactor = secret.map { SecretRedactor(secrets: [$0]) } ?? SecretRedactor()
        harness.receive(.streamStarted(LiveStream(id: Self.id, status: 200, redactor: redactor)))
        return harness
    }

    private func chunk(_ text: String, time: String = "12:00:01.250") -> Action {
        var parser = ServerSentEventParser()
        let events = parser.feed(Array(text.utf8))
        return .streamed(id: Self.id, StreamChunk(data: Data(text.utf8), events: events.map { EventLog.Entry(time: time, event: $0) }))
    }

    @Test("Events are listed as they arrive: time, event name, id, then the data pretty-printed")
    func listsLive() {
        var harness = streaming()
        #expect(harness.state.response.tab == .events, "the Events tab opens by itself from Body")
        #expect(words(of: harness.screen).contains("waiting for the first event"))
        harness.receive(chunk("event: tick\nid: 1\ndata: {\"id\":1,\"ok\":true}\n\n"))
        var screen = harness.screen
        #expect(screen.text.contains("Events 1"))
        #expect(screen.text.contains("12:00:01.250  tick  id 1"))
        #expect(screen.text.contains("\"ok\": true"), "JSON data is pretty-printed")
        harness.receive(chunk("data: plain text\n\n", time: "12:00:02.000"))
        screen = harness.screen
        #expect(screen.text.contains("Events 2") && screen.text.contains("12:00:02.000  message"))
        #expect(screen.text.contains("  plain text"))
        #expect(harness.state.response.live?.log.entries.count == 2)
    }

    @Test("The Body tab shows the body as it arrives")
    func bodyFollows() {
        var harness = streaming()
        harness.receive(chunk("event: tick\nid: 1\nda"))
        harness.receive(chunk("ta: first\n\n"))
        harness.press(.character("["))
        #expect(harness.state.response.tab == .body)
        let text = harness.screen.text
        #expect(text.contains("data: first") && text.contains("event: tick"))
    }

    @Test("A character cut between two chunks shows whole in the Body tab, never as �; bytes that are no UTF-8 show as �", arguments: [1, 2, 3])
    func characterAcrossChunks(cut: Int) {
        let text = Array("data: café 🛰 ok\n".utf8)
        let satellite = text.firstIndex(of: 0xF0) ?? 0
        var live = LiveStream(id: Self.id, status: 200, redactor: SecretRedactor(secrets: []))
        live.receive(StreamChunk(data: Data(text[..<(satellite + cut)]), events: []))
        #expect(live.bodyLines == ["data: café "])
        live.receive(StreamChunk(data: Data(text[(satellite + cut)...]), events: []))
        #expect(live.bodyLines == ["data: café 🛰 ok", ""])
        live.receive(StreamChunk(data: Data([0x61, 0xFF, 0x62, 0x0A]), events: []))
        #expect(live.bodyLines == ["data: café 🛰 ok", "a\u{FFFD}b", ""])
    }

    @Test("Esc stops the stream; the response keeps the events with their times and the tab stays")
    func escStops() {
        var harness = streaming()
        harness.receive(chunk("id: 7\ndata: {\"n\":7}\n\n", time: "09:30:00.001"))
        harness.press(.escape)
        #expect(harness.effects.contains(.cancelSend))
        var cancelled = ResponsePaneTests.snapshot(2, body: "id: 7\ndata: {\"n\":7}\n\n", failure: "cancelled", contentType: "text/event-stream")
        cancelled.events = EventLog([ServerSentEvent(data: "{\"n\":7}", id: "7")], time: "09:30:05.000")
        harness.receive(.finished(id: Self.id, cancelled))
        #expect(harness.state.response.live == nil && harness.state.sending == nil)
        #expect(harness.state.response.tab == .events)
        #expect(harness.state.response.current?.events?.entries.first?.time == "09:30:00.001", "the arrival time, not the end's")
        #expect(harness.screen.text.contains("09:30:00.001  message  id 7"))
    }

    @Test("Events hides for a response that is no stream, and the tabs cycle without it")
    func tabHides() {
        var harness = streaming()
        harness.receive(.finished(id: Self.id, ResponsePaneTests.snapshot(2, body: "id: 1\ndata: x\n\n", contentType: "text/event-stream")))
        harness.press(.ctrl("r"))
        harness.receive(.finished(id: Self.id, ResponsePaneTests.snapshot(3)))
        #expect(harness.state.response.tab == .body, "a plain response has no Events tab to stay on")
        #expect(!harness.screen.text.contains("Events"))
        harness.press(.character("]"))
        #expect(harness.state.response.tab == .headers)
        harness.press(.character("["), .character("["))
        #expect(harness.state.response.tab == .tests, "from Body back to the last tab, skipping Events")
    }

    @Test("Scrolling up stops following; G follows the newest again")
    func follows() {
        var harness = streaming()
        for number in 1...40 { harness.receive(chunk("id: \(number)\ndata: line \(number)\n\n")) }
        #expect(harness.screen.text.contains("id 40"))
        harness.press(.character("k"), .character("k"), .character("k"), .character("k"))
        #expect(!harness.state.response.eventsFollow)
        harness.receive(chunk("id: 41\ndata: line 41\n\n"))
        #expect(!harness.screen.text.contains("id 41"), "scrolled up, the new event waits below")
        harness.press(.character("G"))
        #expect(harness.state.response.eventsFollow)
        #expect(harness.screen.text.contains("id 41"))
    }

    @Test("Secrets in event data are masked on screen")
    func masksSecrets() {
        var harness = streaming(secret: "s3cr3t-token")
        harness.receive(chunk("data: {\"token\":\"s3cr3t-token\"}\n\n"))
        let text = harness.screen.text
        #expect(!text.contains("s3cr3t-token") && text.contains(SecretRedactor.mask))
    }
}
