/// The status line's messages of this session, newest last, so a sentence longer than the
/// line or gone by the next key can still be read whole.
public struct MessageLog: Sendable, Equatable {
    /// How much a message matters, for its colour in the log.
    public enum Severity: Sendable, Equatable {
        case info, warning, error
    }

    /// One message as it appeared.
    public struct Entry: Sendable, Equatable {
        /// The wall-clock time it appeared, `14:03:27`; empty when the runtime gave none.
        public var time: String
        public var text: String
        public var severity: Severity
    }

    /// How many messages the log keeps; older ones are let go.
    public static let limit = 200

    public private(set) var entries: [Entry] = []

    public init() {}

    /// Adds `text`, unless it repeats the newest entry (a key pressed twice says the same thing twice).
    public mutating func append(_ text: String, severity: Severity, time: String) {
        guard !text.isEmpty, entries.last?.text != text else { return }
        entries.append(Entry(time: time, text: text, severity: severity))
        if entries.count > Self.limit { entries.removeFirst(entries.count - Self.limit) }
    }

    /// The log as a message view's lines: time, then the message, which the view wraps.
    var lines: [MessageView.Line] {
        guard !entries.isEmpty else { return [MessageView.Line("no messages yet", .dim)] }
        return entries.map { entry in
            let tone: MessageView.Tone
            switch entry.severity {
            case .info: tone = .plain
            case .warning: tone = .warning
            case .error: tone = .problem
            }
            return MessageView.Line((entry.time.isEmpty ? "" : entry.time + "  ") + entry.text, tone)
        }
    }
}
