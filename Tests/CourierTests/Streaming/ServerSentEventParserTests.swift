import Courier
import Foundation
import Testing

/// The WHATWG event stream rules, fed whole and split at every byte.
@Suite("Server-Sent Events parser")
struct ServerSentEventParserTests {
    /// Parses `text` fed in one piece and fed byte by byte; both must agree.
    private func events(_ text: String) -> [ServerSentEvent] {
        var whole = ServerSentEventParser()
        let once = whole.feed(Array(text.utf8))
        var split = ServerSentEventParser()
        let bytewise = text.utf8.flatMap { split.feed([$0]) }
        #expect(once == bytewise, "fed whole and byte by byte: \(text.debugDescription)")
        return once
    }

    @Test("Fields, comments and the default event type")
    func fields() {
        let parsed = events(": a comment\nevent: update\nid: 7\ndata: {\"a\":1}\n\ndata: plain\n\n")
        #expect(parsed == [ServerSentEvent(event: "update", data: "{\"a\":1}", id: "7"),
                           ServerSentEvent(event: "message", data: "plain", id: "7")])
    }

    @Test("CR, LF and CRLF all end lines; a CRLF split across chunks ends one line", arguments: ["\n", "\r", "\r\n"])
    func lineEnds(end: String) {
        let text = ["data: one", "data: two", "", "data: three", "", ""].joined(separator: end)
        #expect(events(text).map(\.data) == ["one\ntwo", "three"])
        var parser = ServerSentEventParser()
        #expect(parser.feed(Array("data: a\r".utf8)).isEmpty)
        #expect(parser.feed(Array("\n\r\n".utf8)) == [ServerSentEvent(data: "a")], "CR|LF then CRLF: one line, then the empty one")
    }

    @Test("A leading byte-order mark is dropped, only at the start")
    func byteOrderMark() {
        var parser = ServerSentEventParser()
        let bom: [UInt8] = [0xEF, 0xBB, 0xBF]
        #expect(parser.feed(bom.prefix(2)).isEmpty)
        let first = parser.feed(Array(bom.suffix(1)) + Array("data: x\n\n".utf8) + bom + Array("data: y\n\n".utf8))
        #expect(first == [ServerSentEvent(data: "x")], "the second BOM makes its line a field named \"\\u{FEFF}data\", ignored")
    }

    @Test("Field values: one space dropped, no colon means empty, unknown fields ignored")
    func values() {
        #expect(events("data:  two spaces\n\n").map(\.data) == [" two spaces"])
        #expect(events("data\n\n").map(\.data) == [""], "a data field with no colon is an empty line of data")
        #expect(events("data:\ndata:\n\n").map(\.data) == ["\n"])
        #expect(events("foo: bar\nevent\n\n").isEmpty, "no data: nothing dispatched")
        #expect(events("event: x\n\ndata: y\n\n") == [ServerSentEvent(event: "message", data: "y")], "the event type resets at each blank line")
    }

    @Test("An id with NUL is ignored, an empty id resets, the id persists across events")
    func ids() {
        let parsed = events("id: 1\ndata: a\n\nid: 2\u{0}x\ndata: b\n\nid\ndata: c\n\n")
        #expect(parsed.map(\.id) == ["1", "1", ""])
        var parser = ServerSentEventParser()
        _ = parser.feed(Array("id: 9\n\n".utf8))
        #expect(parser.lastEventID == "9", "an id is kept even when its event has no data")
    }

    @Test("retry takes only ASCII digits")
    func retry() {
        var parser = ServerSentEventParser()
        _ = parser.feed(Array("retry: 1500\nretry: 2s\nretry: -1\nretry:\n\n".utf8))
        #expect(parser.reconnectionDelay == .milliseconds(1500))
        #expect(events("retry: 250\ndata: x\n\n").first?.retry == .milliseconds(250))
    }

    @Test("An event without its blank line is dropped at the end; the last line is still read")
    func unfinished() {
        var parser = ServerSentEventParser()
        #expect(parser.feed(Array("data: complete\n\ndata: cut".utf8)).map(\.data) == ["complete"])
        parser.finish()
        #expect(parser.feed(Array("\n".utf8)).isEmpty, "the cut event does not come back")
        var ending = ServerSentEventParser()
        _ = ending.feed(Array("id: 42".utf8))
        ending.finish()
        #expect(ending.lastEventID == "42")
    }

    @Test("Invalid UTF-8 becomes U+FFFD instead of failing")
    func invalidUTF8() {
        var parser = ServerSentEventParser()
        #expect(parser.feed(Array("data: ".utf8) + [0xFF, 0x41] + Array("\n\n".utf8)).map(\.data) == ["\u{FFFD}A"])
    }

    @Test("JSON lines: LF or CRLF, blank lines skipped, a last line without its end counts")
    func jsonLines() {
        var splitter = JSONLinesSplitter()
        let lines = splitter.feed(Array("{\"id\":1}\r\n\n  \n{\"id\":2}\n{\"id\"".utf8)) + splitter.feed(Array(":3}".utf8)) + splitter.finish()
        #expect(lines.map(\.data) == ["{\"id\":1}", "{\"id\":2}", "{\"id\":3}"])
    }

    @Test("Content types that stream as events", arguments: [
        ("text/event-stream", EventStreamFormat.serverSentEvents), ("Text/Event-Stream; charset=utf-8", .serverSentEvents),
        ("application/x-ndjson", .jsonLines), ("application/jsonl", .jsonLines), ("application/json", nil), (nil, nil),
    ] as [(String?, EventStreamFormat?)])
    func formats(contentType: String?, format: EventStreamFormat?) {
        #expect(EventStreamFormat(contentType: contentType) == format)
    }

    @Test("An ID carries over from an earlier connection until an id field, an empty one too, replaces it")
    func lastEventIDAcrossConnections() {
        var parser = ServerSentEventParser(lastEventID: "7")
        let first = parser.feed(Data("data: a\n\nid\ndata: b\n\n".utf8))
        #expect(first.map(\.id) == ["7", ""])
        #expect(parser.lastEventID == "", "an empty id resets what Last-Event-ID sends")
        var decoder = StreamEventDecoder(format: .serverSentEvents, lastEventID: "9")
        #expect(decoder.feed(Data("data: c\n\n".utf8)).map(\.id) == ["9"])
    }
}
