/// Reads a `text/event-stream` body into events as its bytes arrive, by the WHATWG HTML
/// standard's "event stream interpretation": lines end with CR, LF or CRLF (a CRLF split between
/// chunks counts once), a leading byte-order mark is dropped, `:` starts a comment, `data:`
/// fields join with line feeds, an `id:` holding NUL is ignored, `retry:` takes only digits,
/// unknown fields are ignored, and an event left unfinished when the stream ends is dropped.
///
/// ```swift
/// var parser = ServerSentEventParser()
/// for event in parser.feed(Data("data: hello\n\n".utf8)) { print(event.data) }
/// ```
public struct ServerSentEventParser: Sendable {
    /// The last event ID so far, sent back as `Last-Event-ID` when reconnecting.
    public private(set) var lastEventID = ""
    /// The reconnection delay the stream asked for with `retry:`, if it did.
    public private(set) var reconnectionDelay: Duration?

    /// The bytes of the line being read.
    private var line: [UInt8] = []
    /// The last byte seen was a CR: an LF right after it ends no second line.
    private var afterCarriageReturn = false
    /// No line has ended yet, so a byte-order mark may still open the stream.
    private var atStart = true
    private var eventType = ""
    private var data = ""
    /// Whether a `data:` field was seen since the last dispatch (an empty one counts).
    private var hasData = false

    /// - Parameter lastEventID: The ID an earlier connection of the same stream ended with: an
    ///   `id:` field (an empty one too) replaces it, as `EventSource` does across reconnections.
    public init(lastEventID: String = "") {
        self.lastEventID = lastEventID
    }

    /// Reads the next bytes of the stream.
    /// - Parameter bytes: The bytes as they arrived, split anywhere.
    /// - Returns: The events these bytes completed, in order.
    public mutating func feed(_ bytes: some Sequence<UInt8>) -> [ServerSentEvent] {
        var events: [ServerSentEvent] = []
        for byte in bytes {
            switch byte {
            case UInt8(ascii: "\n") where afterCarriageReturn:
                afterCarriageReturn = false
            case UInt8(ascii: "\n"), UInt8(ascii: "\r"):
                afterCarriageReturn = byte == UInt8(ascii: "\r")
                if let event = endLine() { events.append(event) }
            default:
                afterCarriageReturn = false
                line.append(byte)
            }
        }
        return events
    }

    /// Ends the stream: a line without its line end is still read, but an event without the
    /// empty line that dispatches it is dropped, as `EventSource` drops it.
    public mutating func finish() {
        if !line.isEmpty { _ = endLine() }
        eventType = ""
        data = ""
        hasData = false
    }

    // MARK: - Lines and fields

    private mutating func endLine() -> ServerSentEvent? {
        defer { line.removeAll(keepingCapacity: true) }
        if atStart {
            atStart = false
            if line.starts(with: [0xEF, 0xBB, 0xBF]) { line.removeFirst(3) }
        }
        guard !line.isEmpty else { return dispatch() }
        guard line[0] != UInt8(ascii: ":") else { return nil }
        let field: String
        let value: String
        if let colon = line.firstIndex(of: UInt8(ascii: ":")) {
            field = String(decoding: line[..<colon], as: UTF8.self)
            var start = line.index(after: colon)
            if start < line.endIndex, line[start] == UInt8(ascii: " ") { start += 1 }
            value = String(decoding: line[start...], as: UTF8.self)
        } else {
            field = String(decoding: line, as: UTF8.self)
            value = ""
        }
        switch field {
        case "event": eventType = value
        case "data":
            if hasData { data += "\n" }
            data += value
            hasData = true
        case "id" where !value.contains("\u{0}"): lastEventID = value
        case "retry":
            if !value.isEmpty, value.utf8.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }) {
                // Digits past what fits are a delay no one waits for: the longest there is.
                reconnectionDelay = .milliseconds(Int(value) ?? Int.max)
            }
        default: break  // Unknown fields are ignored.
        }
        return nil
    }

    /// The empty line: the event read so far, when it has data.
    private mutating func dispatch() -> ServerSentEvent? {
        defer {
            eventType = ""
            data = ""
            hasData = false
        }
        guard hasData else { return nil }
        return ServerSentEvent(event: eventType.isEmpty ? "message" : eventType, data: data, id: lastEventID, retry: reconnectionDelay)
    }
}
