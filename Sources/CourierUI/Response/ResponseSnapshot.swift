import Courier
import Foundation

/// One finished (or failed, or cancelled) exchange, as the response pane and history show it.
public struct ResponseSnapshot: Sendable, Equatable {
    /// Unique within the session; history and equality go by it.
    public var sequence: Int
    public var status: Int?
    /// "OK", "Not Found".
    public var reason: String
    public var headers: [(name: String, value: String)]
    public var body: BodyDocument
    public var duration: Double
    /// A sentence when no response arrived: refused, timed out, cancelled, invalid request.
    public var failure: String?
    /// Lines for the Debug tab: timings, the request as sent, attempts, the error.
    public var debugLines: [String]
    /// Wall-clock time it finished, as "14:03:07".
    public var finishedAt: String
    /// The size of a body history let go of (`releasingBody()`), nil while the body is kept.
    public var releasedBodySize: Int?
    /// The secrets the request was sent with: the body is kept as received (key paths and
    /// converters read it), and masked by this where it is drawn, so a server echoing a token
    /// back does not put it on screen.
    public var redactor = SecretRedactor()
    /// What its `expect:` and `capture:` lines made of it; nil for a response that was not judged.
    public var tests: ResponseTests?
    /// The events of an event-stream body (SSE, NDJSON), as they arrived; nil for other bodies.
    public var events: EventLog?
    /// Where History keeps it; nil until it is written there (or when History is unavailable).
    public var stored: StoredResponse?

    public init(sequence: Int, status: Int?, reason: String, headers: [(name: String, value: String)], body: BodyDocument,
                duration: Double, failure: String?, debugLines: [String], finishedAt: String) {
        self.sequence = sequence
        self.status = status
        self.reason = reason
        self.headers = headers
        self.body = body
        self.duration = duration
        self.failure = failure
        self.debugLines = debugLines
        self.finishedAt = finishedAt
    }

    public static func == (lhs: ResponseSnapshot, rhs: ResponseSnapshot) -> Bool { lhs.sequence == rhs.sequence }

    /// "200 OK · 1.2 KB · 34 ms", or the failure.
    public var summary: String {
        guard let status else { return failure ?? "no response" }
        return "\(status) \(reason) · \(ByteCount.text(bodySize)) · \(TimeText.seconds(duration))"
    }

    /// Bytes of the body as received, kept or not.
    public var bodySize: Int { releasedBodySize ?? body.data.count }

    /// The snapshot without its body: what history keeps of older responses once their bodies
    /// pass its memory budget. Status, headers, timings and Debug stay.
    public func releasingBody() -> ResponseSnapshot {
        guard releasedBodySize == nil else { return self }
        var copy = self
        copy.releasedBodySize = body.data.count
        let again = stored?.bodyKept == true ? "⏎ on it in History reads it back" : "send the request again to see it"
        copy.body = BodyDocument(content: .text(TextLines(Data())), data: Data(),
                                 note: "this \(ByteCount.text(body.data.count)) body was let go to keep memory bounded; \(again)")
        return copy
    }
}

/// A transfer in flight, as the driver last reported it.
public struct TransferStatus: Sendable, Equatable {
    public var sent: Int64 = 0
    public var toSend: Int64?
    public var received: Int64 = 0
    public var toReceive: Int64?
    /// Seconds since the request started.
    public var elapsed: Double = 0
    /// The body is complete and being prepared for display.
    public var preparing = false

    public init(sent: Int64 = 0, toSend: Int64? = nil, received: Int64 = 0, toReceive: Int64? = nil, elapsed: Double = 0) {
        self.sent = sent
        self.toSend = toSend
        self.received = received
        self.toReceive = toReceive
        self.elapsed = elapsed
    }

    /// The download's fraction when its size is known, else the upload's while it runs.
    public var fraction: Double? {
        if received > 0 || toReceive != nil, let total = toReceive, total > 0 { return min(1, Double(received) / Double(total)) }
        if let total = toSend, total > 0, sent < total || received == 0 { return min(1, Double(sent) / Double(total)) }
        return nil
    }

    /// "↑ 2.1 MB of 10 MB · ↓ 340 KB of 17.8 MB · 2% · 1.1 MB/s · 0.3 s"
    public var text: String {
        if preparing { return "formatting \(ByteCount.text(received)) · \(TimeText.seconds(elapsed))" }
        var parts: [String] = []
        if let toSend, toSend > 0, received == 0 {
            parts.append("↑ \(ByteCount.text(sent)) of \(ByteCount.text(toSend))")
        }
        let down = toReceive.map { "↓ \(ByteCount.text(received)) of \(ByteCount.text($0))" } ?? "↓ \(ByteCount.text(received))"
        parts.append(down)
        if let fraction { parts.append("\(Int(fraction * 100))%") }
        let moved = received > 0 ? received : sent
        if elapsed > 0.05 { parts.append("\(ByteCount.text(Int64(Double(moved) / elapsed)))/s") }
        parts.append(TimeText.seconds(elapsed))
        return parts.joined(separator: " · ")
    }
}
