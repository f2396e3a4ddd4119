import CourierUI
import Testing

/// Long messages can be read whole: the status line says when one is cut, and the message log
/// (a key and a palette entry) keeps every one with its time and severity.
@Suite("Message log")
struct MessageLogTests {
    private static let long = "could not save Demo/users/create-user: the folder Collections/Demo/users is not writable "
        + "(permission denied); the edits are kept, fix the folder's permissions and press ctrl-s again"

    @Test("A message cut by the status line ends in a hint, and L shows it whole, stamped and coloured as a failure")
    func longMessage() {
        var harness = Harness(width: 80, height: 24)
        harness.state.clock = "14:03:27"
        harness.receive(.report(Self.long))
        let statusLine = harness.line(23)
        #expect(statusLine.contains("… L more"))
        #expect(!statusLine.contains("press ctrl-s again"))
        harness.press(.character("L"))
        guard case .message(let view)? = harness.state.modal else {
            Issue.record("L opens no message log")
            return
        }
        #expect(view.lines.last == MessageView.Line("14:03:27  " + Self.long, .problem))
        let drawn = (0..<24).map(harness.line).joined(separator: " ")
        #expect(drawn.contains("press ctrl-s again"), "the overlay wraps the message instead of cutting it")
        harness.press(.escape)
        #expect(harness.state.modal == nil)
    }

    @Test("The palette's messages entry opens the log too; news and failures, in order, each in its tone")
    func paletteEntry() {
        var harness = Harness.opening("create-user", width: 100, height: 30)
        harness.press(.character("!"))
        let news = harness.state.status
        #expect(news == "no problems in the collections")
        harness.receive(.report("first failure"))
        harness.press(.character("p"))
        harness.type("messages")
        harness.press(.enter)
        guard case .message(let view)? = harness.state.modal else {
            Issue.record("the palette entry opens no message log")
            return
        }
        #expect(Array(view.lines.suffix(2)) == [MessageView.Line(news, .plain), MessageView.Line("first failure", .problem)])
    }

    @Test("The log keeps the newest 200 messages and skips a repeat of the last one")
    func limit() {
        var log = MessageLog()
        for index in 0..<250 { log.append("message \(index)", severity: .info, time: "") }
        log.append("message 249", severity: .info, time: "")
        #expect(log.entries.count == MessageLog.limit)
        #expect(log.entries.first?.text == "message 50")
        #expect(log.entries.last?.text == "message 249")
    }

    @Test("? names the log's key")
    func help() {
        #expect(KeyMap.standard.helpLines.contains { $0.keys == "L" && $0.summary.contains("message log") })
    }
}
