import Courier
import CourierCollections
import CourierUI
import Foundation
import Synchronization

/// Hands an event stream to the explorer as it arrives: the head opens the Events tab, each
/// chunk brings its bytes and the events it completed. A response that is no event stream passes
/// by untouched (the runner keeps its body for the snapshot).
final class LiveEventSink: ResponseSink {
    private let id: String
    private let inbox: Inbox
    /// The reader of the stream; nil until the head says it is one, and for other responses.
    private let decoder = Mutex<StreamEventDecoder?>(nil)

    /// - Parameters:
    ///   - id: The request whose response this is.
    ///   - inbox: Where the actions go.
    init(id: String, inbox: Inbox) {
        self.id = id
        self.inbox = inbox
    }

    /// Only a request that asks for an event stream is read live; others are received whole.
    func wants(_ request: ResolvedRequest) -> Bool { request.asksForEventStream }

    func head(status: Int, headers: [(String, String)], redactor: SecretRedactor) throws {
        let contentType = headers.first { $0.0.lowercased() == "content-type" }?.1
        guard let format = EventStreamFormat(contentType: contentType) else { return }
        decoder.withLock { $0 = StreamEventDecoder(format: format) }
        inbox.post(.streamStarted(LiveStream(id: id, status: status, redactor: redactor)))
    }

    func body(_ chunk: Data) throws {
        guard let events = decoder.withLock({ $0?.feed(chunk) }) else { return }
        let time = SnapshotBuilder.clock(milliseconds: true)
        inbox.post(.streamed(id: id, StreamChunk(data: chunk, events: events.map { EventLog.Entry(time: time, event: $0) })))
    }
}
