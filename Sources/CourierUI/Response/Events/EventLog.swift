import Courier
import CourierJSON
import Foundation

/// The events of a streamed response in the order they arrived, with the lines the Events tab
/// and `courier run` show for each: a heading (time, event name, id), then the data, pretty when
/// it is JSON. The lines are made once, as events arrive, so drawing a long stream stays cheap.
public struct EventLog: Sendable, Equatable {
    /// One event and when it arrived, with its data's lines made once, where it arrives (off the
    /// UI thread in the explorer: pretty-printing thousands of events a second is work).
    public struct Entry: Sendable, Equatable {
        /// Wall-clock time of arrival, as "14:03:07.123".
        public let time: String
        public let event: ServerSentEvent
        /// The data's lines, pretty-printed when the data is JSON, each indented by two spaces.
        public let dataLines: [String]

        public init(time: String, event: ServerSentEvent) {
            self.time = time
            self.event = event
            let data = Data(event.data.utf8)
            let text = (try? JSONFormatter.pretty(data)).map { String(decoding: $0, as: UTF8.self) } ?? event.data
            dataLines = text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).map { "  " + $0 }
        }

        /// "14:03:07.123  tick  id 7": the heading line of the event.
        public var heading: String {
            var parts = [time, event.event]
            if !event.id.isEmpty { parts.append("id \(event.id)") }
            return parts.joined(separator: "  ")
        }
    }

    /// A line of the Events tab.
    public struct Row: Sendable, Equatable {
        public var text: String
        /// Whether it is an event's heading (styled apart from its data).
        public var isHeading: Bool
    }

    public private(set) var entries: [Entry] = []
    public private(set) var rows: [Row] = []

    public init() {}

    /// The log of `events`, all arrived at `time`: for a stream read whole after the fact.
    public init(_ events: [ServerSentEvent], time: String) {
        append(events, time: time)
    }

    /// Adds events that arrived at `time`, in order.
    public mutating func append(_ events: [ServerSentEvent], time: String) {
        append(events.map { Entry(time: time, event: $0) })
    }

    /// Adds events in the order they arrived.
    public mutating func append(_ arrived: [Entry]) {
        for entry in arrived {
            entries.append(entry)
            rows.append(Row(text: entry.heading, isHeading: true))
            rows += entry.dataLines.map { Row(text: $0, isHeading: false) }
        }
    }

    /// The events of a whole body of `contentType`; nil when the type is not an event stream.
    public static func reading(_ body: Data, contentType: String?, time: String) -> EventLog? {
        guard let format = EventStreamFormat(contentType: contentType) else { return nil }
        var decoder = StreamEventDecoder(format: format)
        return EventLog(decoder.feed(body) + decoder.finish(), time: time)
    }

    /// Equal when they hold the same events: rows follow from entries.
    public static func == (lhs: EventLog, rhs: EventLog) -> Bool { lhs.entries == rhs.entries }
}

/// A response whose events are arriving: what the Events tab and the Body tab show until the
/// transfer ends and its snapshot takes over.
public struct LiveStream: Sendable, Equatable {
    /// The request the stream answers.
    public var id: String
    public var status: Int
    public var log = EventLog()
    /// The body's lines so far; the last one may still grow.
    public private(set) var bodyLines: [String] = [""]
    /// The bytes received so far.
    public private(set) var received = 0
    /// The start of a character the last chunk cut in two, held until its other bytes come.
    private var heldBack: [UInt8] = []
    /// Masks the secrets the request was sent with where the stream is drawn.
    public var redactor: SecretRedactor

    public init(id: String, status: Int, redactor: SecretRedactor) {
        self.id = id
        self.status = status
        self.redactor = redactor
    }

    /// Takes what a chunk brought: its bytes and the events it completed.
    public mutating func receive(_ chunk: StreamChunk) {
        received += chunk.data.count
        log.append(chunk.events)
        let bytes = heldBack + chunk.data
        let whole = Self.wholeCharacters(in: bytes)
        heldBack = Array(bytes[whole...])
        var pieces = bytes[..<whole].split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
        guard !pieces.isEmpty else { return }
        bodyLines[bodyLines.count - 1] += String(decoding: pieces.removeFirst(), as: UTF8.self)
        bodyLines += pieces.map { String(decoding: $0, as: UTF8.self) }
    }

    /// How many of `bytes` end on a whole UTF-8 character: a multi-byte character whose last
    /// bytes have not come yet is left out (a line break is never inside one, so lines split the
    /// same either way). Bytes that are no UTF-8 at all are counted in, to be shown as `�`.
    static func wholeCharacters(in bytes: [UInt8]) -> Int {
        var continuations = 0
        for byte in bytes.reversed().prefix(4) {
            guard byte & 0xC0 == 0x80 else {
                let length = byte >= 0xF0 ? 4 : byte >= 0xE0 ? 3 : byte >= 0xC0 ? 2 : 1
                return continuations + 1 < length ? bytes.count - continuations - 1 : bytes.count
            }
            continuations += 1
        }
        return bytes.count
    }
}
