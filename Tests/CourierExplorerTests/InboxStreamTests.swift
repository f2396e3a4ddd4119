@testable import CourierExplorer
import Courier
import CourierUI
import Foundation
import Testing

/// A fast event stream posts a chunk at a time; the UI thread takes the chunks between two frames
/// as one update, in order, each event keeping its own arrival time.
@Suite("Inbox merges stream chunks")
struct InboxStreamTests {
    private func chunk(_ number: Int) -> StreamChunk {
        StreamChunk(data: Data("id: \(number)\n\n".utf8),
                    events: [EventLog.Entry(time: "12:00:00.00\(number)", event: ServerSentEvent(data: "\(number)", id: "\(number)"))])
    }

    @Test("Consecutive chunks of one stream come as one; other actions keep their place")
    func merges() {
        let inbox = Inbox()
        inbox.post(.streamed(id: "A", chunk(1)))
        inbox.post(.streamed(id: "A", chunk(2)))
        inbox.post(.report("between"))
        inbox.post(.streamed(id: "A", chunk(3)))
        inbox.post(.streamed(id: "B", chunk(4)))
        let drained = inbox.drain()
        #expect(drained.count == 4)
        guard case .streamed("A", let first)? = drained.first else {
            Issue.record("expected A's chunks first, got \(drained)")
            return
        }
        #expect(first.data == Data("id: 1\n\nid: 2\n\n".utf8))
        #expect(first.events.map(\.time) == ["12:00:00.001", "12:00:00.002"])
        #expect(drained[1] == .report("between"))
        #expect(drained[2] == .streamed(id: "A", chunk(3)) && drained[3] == .streamed(id: "B", chunk(4)))
        #expect(inbox.drain().isEmpty)
    }
}
