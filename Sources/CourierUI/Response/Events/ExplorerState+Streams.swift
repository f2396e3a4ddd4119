import Courier
import Foundation

/// What one chunk of an event stream brought.
public struct StreamChunk: Sendable, Equatable {
    public var data: Data
    /// The events the chunk completed.
    public var events: [ServerSentEvent]
    /// Wall-clock time of arrival, as "14:03:07.123".
    public var time: String

    public init(data: Data, events: [ServerSentEvent], time: String) {
        self.data = data
        self.events = events
        self.time = time
    }
}

extension ExplorerState {
    /// A stream that starts shows its events at once (from the Body tab, the Events tab opens);
    /// its chunks add to it while it is the one in flight.
    mutating func receiveStream(_ action: Action) {
        switch action {
        case .streamStarted(let live):
            guard sending == live.id else { return }
            response.live = live
            response.eventsFollow = true
            if response.tab == .body { response.tab = .events }
        case .streamed(let id, let chunk):
            guard response.live?.id == id else { return }
            response.live?.receive(chunk.data, events: chunk.events, time: chunk.time)
        default: return
        }
    }

    /// The finished response of `id` with the events its stream showed as they arrived (their
    /// times kept); the stream stops being live.
    func keepingLiveEvents(_ snapshot: ResponseSnapshot, of id: String) -> ResponseSnapshot {
        guard let live = response.live, live.id == id else { return snapshot }
        var kept = snapshot
        if !live.log.entries.isEmpty || kept.events == nil { kept.events = live.log }
        return kept
    }
}
