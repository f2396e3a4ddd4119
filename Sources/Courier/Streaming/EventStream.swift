import Foundation

/// The events of a streamed response as they arrive: `request.events(on: endpoint)`.
///
/// ```swift
/// for try await event in DefaultRequest<Data, String>(path: "sse", method: .get).events(on: endpoint) {
///     print(event.event, event.id, event.data)
/// }
/// ```
///
/// The body is read as Server-Sent Events, or as NDJSON / JSON Lines when its `Content-Type` says
/// so. A connection dropped midway is resumed by `EventStreamReconnection`'s rules with
/// `Last-Event-ID`, honouring the stream's `retry:`. Leaving the loop, or cancelling the task,
/// stops the transfer.
public struct EventStream<R: Request>: AsyncSequence, Sendable {
    public typealias Element = ServerSentEvent
    public typealias Failure = ErrorResponse<R.ErrorType>

    let request: R
    let endpoint: Endpoint?
    let reconnection: EventStreamReconnection

    public func makeAsyncIterator() -> Iterator {
        Iterator(request: request, endpoint: endpoint, reconnection: reconnection)
    }

    /// Reads events, connecting again when the rules say so.
    public struct Iterator: AsyncIteratorProtocol {
        public typealias Element = ServerSentEvent
        public typealias Failure = ErrorResponse<R.ErrorType>

        private let request: R
        private let endpoint: Endpoint?
        private let reconnection: EventStreamReconnection
        private var body: AsyncThrowingStream<Data, any Error>.AsyncIterator?
        private var decoder = StreamEventDecoder(format: .serverSentEvents)
        private var ready: [ServerSentEvent] = []
        private var nextReady = 0
        private var lastEventID = ""
        /// The format of the body being read: only an event stream can be resumed where it broke.
        private var format = EventStreamFormat.serverSentEvents
        private var delay: Duration
        /// Reconnections made since the last event arrived.
        private var reconnections = 0
        private var connectedOnce = false
        private var ended = false

        init(request: R, endpoint: Endpoint?, reconnection: EventStreamReconnection) {
            self.request = request
            self.endpoint = endpoint
            self.reconnection = reconnection
            self.delay = reconnection.delay
        }

        /// The next event.
        /// - Returns: The event, or nil when the stream is over.
        /// - Throws: Why it stopped early: the server's error status, a transport error once the
        ///   reconnections are spent, `.cancelled` when the task was cancelled.
        public mutating func next() async throws(Failure) -> ServerSentEvent? {
            while true {
                if nextReady < ready.count {
                    defer { nextReady += 1 }
                    return ready[nextReady]
                }
                guard !ended else { return nil }
                guard var reading = body else {
                    try await connect()
                    continue
                }
                do {
                    let chunk = try await reading.next()
                    body = reading
                    if let chunk {
                        take(decoder.feed(chunk))
                    } else {
                        take(decoder.finish())
                        try await connectionEnded(failure: nil)
                    }
                } catch let failure as Failure {
                    throw failure
                } catch {
                    _ = decoder.finish()
                    try await connectionEnded(failure: error)
                }
            }
        }

        private mutating func take(_ events: [ServerSentEvent]) {
            ready = events
            nextReady = 0
            if !events.isEmpty { reconnections = 0 }
            lastEventID = decoder.lastEventID
            if let asked = decoder.reconnectionDelay { delay = asked }
        }

        /// Sends the request (again); a failure on the first connection ends the sequence with it.
        private mutating func connect() async throws(Failure) {
            let sending = EventStreamRequest(base: request, lastEventID: lastEventID)
            let streamed: StreamedResponse
            do {
                streamed = try await sending.stream(on: endpoint)
            } catch {
                guard connectedOnce, case .system = error else { throw error }
                return try await connectionEnded(failure: error)
            }
            connectedOnce = true
            // 204 No Content is how a server tells `EventSource` to stop reconnecting.
            guard streamed.response.statusCode != 204 else {
                ended = true
                return
            }
            let contentType = streamed.response.value(forHTTPHeaderField: "Content-Type")
            format = EventStreamFormat(contentType: contentType) ?? .serverSentEvents
            decoder = StreamEventDecoder(format: format, lastEventID: lastEventID)
            body = streamed.body.makeAsyncIterator()
        }

        /// After a body ended (cleanly when `failure` is nil): waits and connects again when the
        /// rules allow, else ends the sequence, with the failure when there was one.
        private mutating func connectionEnded(failure: (any Error)?) async throws(Failure) {
            body = nil
            if Task.isCancelled { throw .cancelled }
            // JSON lines carry no ID to resume after: connecting again would repeat every line.
            let resumes = (failure != nil && format == .serverSentEvents) || reconnection.resumesAfterEnd
            guard resumes, reconnections < reconnection.maximumAttempts else {
                ended = true
                guard let failure else { return }
                throw Self.failure(failure)
            }
            reconnections += 1
            do {
                try await Task.sleep(for: delay)
            } catch {
                throw .cancelled
            }
        }

        private static func failure(_ error: any Error) -> Failure {
            switch error {
            case let failure as Failure: return failure
            case let transport as TransportError: return transport.kind == .cancelled ? .cancelled : .system(transport)
            default: return .system(TransportError(kind: .connectionLost, url: nil, detail: "\(error)"))
            }
        }
    }
}

extension Request {
    /// Sends the request and reads its response as a stream of events as they arrive: Server-Sent
    /// Events, or NDJSON / JSON Lines by the `Content-Type`.
    /// - Parameters:
    ///   - endpoint: Where to run; nil means the request's own endpoint, then `Endpoint.default`.
    ///   - reconnection: When to connect again after the connection ends (with `Last-Event-ID`).
    /// - Returns: The events, to read with `for try await`; its errors are `ErrorResponse<ErrorType>`.
    public func events(on endpoint: Endpoint? = nil, reconnection: EventStreamReconnection = .default) -> EventStream<Self> {
        EventStream(request: self, endpoint: endpoint, reconnection: reconnection)
    }
}
