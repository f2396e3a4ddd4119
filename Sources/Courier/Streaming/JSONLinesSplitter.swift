/// Reads an NDJSON / JSON Lines body (`application/x-ndjson`, `application/jsonl`, …) into one
/// event per line as its bytes arrive: lines end with LF (a CR before it is dropped), blank lines
/// are skipped, and a last line without its line end still counts when the stream ends.
public struct JSONLinesSplitter: Sendable {
    private var line: [UInt8] = []

    public init() {}

    /// Reads the next bytes of the stream.
    /// - Parameter bytes: The bytes as they arrived, split anywhere.
    /// - Returns: An event for each line these bytes completed, its `data` the line.
    public mutating func feed(_ bytes: some Sequence<UInt8>) -> [ServerSentEvent] {
        var events: [ServerSentEvent] = []
        for byte in bytes {
            if byte == UInt8(ascii: "\n") {
                if let event = endLine() { events.append(event) }
            } else {
                line.append(byte)
            }
        }
        return events
    }

    /// Ends the stream.
    /// - Returns: The last line's event, when the body did not end with a line end.
    public mutating func finish() -> [ServerSentEvent] {
        endLine().map { [$0] } ?? []
    }

    private mutating func endLine() -> ServerSentEvent? {
        defer { line.removeAll(keepingCapacity: true) }
        if line.last == UInt8(ascii: "\r") { line.removeLast() }
        let blank = line.allSatisfy { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") || $0 == UInt8(ascii: "\r") }
        return blank ? nil : ServerSentEvent(data: String(decoding: line, as: UTF8.self))
    }
}
