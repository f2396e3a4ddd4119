/// One event of a `text/event-stream` body (Server-Sent Events), or one line of an NDJSON body,
/// as `EventSource` would dispatch it.
public struct ServerSentEvent: Sendable, Equatable {
    /// The event type: the last `event:` field, `message` when there was none.
    public var event: String
    /// The `data:` fields joined by line feeds; for NDJSON, the line.
    public var data: String
    /// The last event ID when the event was dispatched: the latest `id:` field of the stream so
    /// far, not only of this event (the WHATWG rules), or empty. NDJSON lines have none.
    public var id: String
    /// The reconnection delay the stream asked for (`retry:`) when the event was dispatched, if it did.
    public var retry: Duration?

    /// Creates an event; the parsers make these, tests of code that takes one may too.
    public init(event: String = "message", data: String, id: String = "", retry: Duration? = nil) {
        self.event = event
        self.data = data
        self.id = id
        self.retry = retry
    }
}
