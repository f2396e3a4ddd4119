import Courier

extension ResolvedRequest {
    /// Whether the request asks for an event stream: its `Accept` header (its own, else its
    /// endpoint's) names `text/event-stream` or an NDJSON type. The explorer then reads the
    /// response as it arrives and lists its events live.
    public var asksForEventStream: Bool {
        let accept: String?
        switch self {
        case .plain(let request, let endpoint): accept = request.headers[.accept] ?? endpoint.headers[.accept]
        case .multipart(let request, let endpoint): accept = request.headers[.accept] ?? endpoint.headers[.accept]
        }
        return accept?.split(separator: ",").contains { EventStreamFormat(contentType: String($0)) != nil } ?? false
    }
}
