import Courier
import Foundation

/// What one or more chunks of an event stream brought: their bytes and the events they
/// completed, each stamped with its arrival.
public struct StreamChunk: Sendable, Equatable {
    public var data: Data
    public var events: [EventLog.Entry]

    public init(data: Data, events: [EventLog.Entry]) {
        self.data = data
        self.events = events
    }

    /// This chunk followed by `next`: the driver merges the chunks that arrived between two
    /// frames, so a fast stream costs one update a frame.
    public mutating func append(_ next: StreamChunk) {
        data.append(next.data)
        events += next.events
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
            response.live?.receive(chunk)
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
