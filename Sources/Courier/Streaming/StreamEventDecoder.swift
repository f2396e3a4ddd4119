import Foundation

/// The formats whose bodies are read as a stream of events, told by their `Content-Type`.
public enum EventStreamFormat: String, Sendable, CaseIterable {
    /// `text/event-stream`: Server-Sent Events.
    case serverSentEvents = "text/event-stream"
    /// NDJSON / JSON Lines: one JSON value per line.
    case jsonLines = "application/x-ndjson"

    /// The media types read as JSON lines: NDJSON and JSON Lines by their several names.
    static let jsonLinesTypes: Set<String> = [
        "application/x-ndjson", "application/ndjson", "application/jsonl", "application/x-jsonlines",
        "application/jsonlines", "application/json-seq", "application/stream+json", "application/x-json-stream",
    ]

    /// The format a `Content-Type` header names, parameters and case aside; nil for every other type.
    /// - Parameter contentType: The header's value, such as `text/event-stream; charset=utf-8`.
    public init?(contentType: String?) {
        guard let contentType else { return nil }
        let media = contentType.split(separator: ";", maxSplits: 1).first.map { $0.trimmingCharacters(in: .whitespaces).lowercased() } ?? ""
        if media == Self.serverSentEvents.rawValue {
            self = .serverSentEvents
        } else if Self.jsonLinesTypes.contains(media) {
            self = .jsonLines
        } else {
            return nil
        }
    }
}

/// Reads a streamed body into events by its format: the one reader `events(on:)`, `courier run`
/// and the explorer share.
public struct StreamEventDecoder: Sendable {
    private enum Reader: Sendable {
        case serverSentEvents(ServerSentEventParser)
        case jsonLines(JSONLinesSplitter)
    }

    private var reader: Reader

    /// A decoder for bodies of `format`.
    /// - Parameter lastEventID: For an event stream, the ID an earlier connection ended with.
    public init(format: EventStreamFormat, lastEventID: String = "") {
        switch format {
        case .serverSentEvents: reader = .serverSentEvents(ServerSentEventParser(lastEventID: lastEventID))
        case .jsonLines: reader = .jsonLines(JSONLinesSplitter())
        }
    }

    /// Reads the next bytes of the body.
    /// - Returns: The events they completed, in order.
    public mutating func feed(_ bytes: some Sequence<UInt8>) -> [ServerSentEvent] {
        switch reader {
        case .serverSentEvents(var parser):
            defer { reader = .serverSentEvents(parser) }
            return parser.feed(bytes)
        case .jsonLines(var splitter):
            defer { reader = .jsonLines(splitter) }
            return splitter.feed(bytes)
        }
    }

    /// Ends the body.
    /// - Returns: What the end completes: an NDJSON line without its line end; nothing for SSE,
    ///   whose unfinished event is dropped.
    public mutating func finish() -> [ServerSentEvent] {
        switch reader {
        case .serverSentEvents(var parser):
            parser.finish()
            reader = .serverSentEvents(parser)
            return []
        case .jsonLines(var splitter):
            defer { reader = .jsonLines(splitter) }
            return splitter.finish()
        }
    }

    /// The SSE stream's last event ID so far; empty for NDJSON.
    public var lastEventID: String {
        if case .serverSentEvents(let parser) = reader { return parser.lastEventID }
        return ""
    }

    /// The SSE stream's `retry:` delay, if it sent one.
    public var reconnectionDelay: Duration? {
        if case .serverSentEvents(let parser) = reader { return parser.reconnectionDelay }
        return nil
    }
}
