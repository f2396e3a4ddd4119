import Foundation

/// The request `events(on:)` sends: the caller's, asking for an event stream and, once it has
/// seen one, naming the last event ID (`Last-Event-ID`) so a reconnection resumes after it.
struct EventStreamRequest<Base: Request>: Request {
    typealias ResponseObjectType = Base.ResponseObjectType
    typealias ErrorType = Base.ErrorType

    let base: Base
    let lastEventID: String

    var path: String { base.path }
    var method: HTTPMethod { base.method }
    var queryParams: [(String, String)] { base.queryParams }
    var body: RequestBody? { base.body }
    var timeout: TimeInterval? { base.timeout }
    var responseConverter: ResponseJsonConverter? { base.responseConverter }
    var errorConverter: ResponseJsonConverter? { base.errorConverter }
    var endpoint: Endpoint? { base.endpoint }
    var decoder: JSONDecoder? { base.decoder }
    var requiresAuthentication: Bool { base.requiresAuthentication }

    /// The base request's headers, plus `Accept` and `Cache-Control` as `EventSource` sends them
    /// unless the request sets its own, and `Last-Event-ID` when there is one.
    var headers: RequestHeaders {
        var added: [(String, String)] = []
        if base.headers[.accept] == nil { added.append(("Accept", "text/event-stream")) }
        if base.headers[RequestHeaderKey("Cache-Control")] == nil { added.append(("Cache-Control", "no-cache")) }
        if !lastEventID.isEmpty { added.append(("Last-Event-ID", lastEventID)) }
        return base.headers.merging(RequestHeaders(added))
    }
}
