/// When and how `events(on:reconnection:)` connects again after its connection ends, sending the
/// last event ID it saw as `Last-Event-ID` so the server can resume after it.
///
/// Only a connection that once answered is resumed: when the first connection fails, or the server
/// answers with an error status (or 204 No Content, which ends the stream), the sequence ends.
public struct EventStreamReconnection: Sendable, Equatable {
    /// How many times in a row to connect again without an event arriving in between; 0 never.
    public var maximumAttempts: Int
    /// The wait before connecting again, until the stream sets its own with `retry:`.
    public var delay: Duration
    /// Whether a body the server ended cleanly is resumed too, as `EventSource` does. Off by
    /// default, so a finite stream is read once; a dropped connection is always resumed.
    public var resumesAfterEnd: Bool

    /// Creates the rules.
    /// - Parameters:
    ///   - maximumAttempts: Connections in a row without an event in between; 0 never reconnects.
    ///   - delay: The wait before each, until the stream's `retry:` sets another.
    ///   - resumesAfterEnd: Also connect again when the server ends the body cleanly.
    public init(maximumAttempts: Int = 3, delay: Duration = .seconds(3), resumesAfterEnd: Bool = false) {
        self.maximumAttempts = maximumAttempts
        self.delay = delay
        self.resumesAfterEnd = resumesAfterEnd
    }

    /// Up to 3 attempts in a row, 3 seconds apart unless the stream says otherwise; a clean end ends it.
    public static let `default` = EventStreamReconnection()
    /// One connection, read until it ends.
    public static let never = EventStreamReconnection(maximumAttempts: 0)
}
