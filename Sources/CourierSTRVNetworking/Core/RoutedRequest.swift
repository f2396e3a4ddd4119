import Courier
import Foundation
import Synchronization
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A `Requestable` as a Courier request, so it runs through Courier's pipeline: retries, adapters,
/// observers, cookies, deadlines, cURL and `DebugInfo`.
struct RoutedRequest: Courier.Request {
    typealias ResponseObjectType = Data
    typealias ErrorType = String

    let call: EndpointRequest
    let path: String
    let method: HTTPMethod
    let headers: RequestHeaders
    let body: RequestBody?
    let requiresAuthentication: Bool
    let acceptableStatusCodes: Range<HTTPStatusCode>?

    /// - Parameter upload: A body that replaces the endpoint's own (uploads).
    /// - Throws: `RequestableError` or the body encoder's error.
    init(_ call: EndpointRequest, upload: (body: RequestBody, contentType: String?)? = nil) throws {
        let endpoint = call.endpoint
        guard let url = try endpoint.urlComponents().url else { throw RequestableError.invalidURLComponents }
        var headers: RequestHeaders = [:]
        for (name, value) in (endpoint.headers ?? [:]).sorted(by: { $0.key < $1.key }) { headers[RequestHeaderKey(name)] = value }
        if let upload {
            body = upload.body
            if let contentType = upload.contentType, headers[.contentType] == nil { headers[.contentType] = contentType }
        } else if let data = try endpoint.encodeBody() {
            body = .raw(data)
            if let contentType = endpoint.dataType?.contentType, headers[.contentType] == nil { headers[.contentType] = contentType }
        } else {
            body = nil
        }
        self.call = call
        self.path = url.absoluteString
        self.method = endpoint.method
        self.headers = headers
        self.requiresAuthentication = endpoint.isAuthenticationRequired
        self.acceptableStatusCodes = endpoint.acceptableStatusCodes
    }

    /// Sends through `endpoint` with the call in scope for the manager's adapters and processors,
    /// and returns the response the endpoint accepts or the error it fails with.
    func send(on endpoint: Endpoint, retry: RetryConfiguration?,
              progress: (@Sendable (TransferProgress) -> Void)? = nil) async -> Result<Response, any Error> {
        let strategy = retry?.strategy(accepting: acceptableStatusCodes) ?? RetryStrategy.none
        let exchange = await PipelineCall.$current.withValue(call) {
            await self.exchange(on: endpoint, retry: strategy, progress: progress)
        }
        return outcome(of: exchange.result.map { ($0.data, $0.response) }, debug: exchange.debug)
    }

    /// The response when its status is acceptable, else the error in this module's terms.
    func outcome(of result: Result<(Data, HTTPURLResponse), ErrorResponse<String>>, debug: DebugInfo) -> Result<Response, any Error> {
        let accepted = acceptableStatusCodes ?? HTTPStatusCode.successAndRedirectCodes
        switch result {
        case .success(let (data, response)):
            guard accepted.contains(response.statusCode) else {
                return .failure(NetworkError.unacceptableStatusCode(statusCode: response.statusCode, acceptedStatusCodes: accepted, response: (data, response)))
            }
            return .success((data, response))
        case .failure(let failure):
            if let status = failure.statusCode, let response = debug.urlResponse, response.statusCode == status {
                let answered: Response = (debug.dataResponse ?? Data(), response)
                if accepted.contains(status) { return .success(answered) }
                return .failure(NetworkError.unacceptableStatusCode(statusCode: status, acceptedStatusCodes: accepted, response: answered))
            }
            return .failure(Self.error(for: failure))
        }
    }

    /// A failure of Courier's single-shot paths (streaming), which keep no debug record: an
    /// error status becomes `NetworkError` with the response rebuilt from the status.
    func streamFailure(_ error: any Error) -> any Error {
        guard let failure = error as? ErrorResponse<String> else { return error }
        guard let status = failure.statusCode, let url = URL(string: path),
              let response = HTTPURLResponse(url: url, statusCode: status, httpVersion: "HTTP/1.1", headerFields: nil) else {
            return Self.error(for: failure)
        }
        let body: Data = switch failure {
        case .unexpectedStatus(_, let body, _): body
        case .server(let text, _): Data(text.utf8)
        default: Data()
        }
        return NetworkError.unacceptableStatusCode(statusCode: status, acceptedStatusCodes: acceptableStatusCodes ?? HTTPStatusCode.successAndRedirectCodes,
                                                   response: (body, response))
    }

    /// A Courier failure that is not a status, as the error STRV's manager would throw.
    static func error(for failure: ErrorResponse<String>) -> any Error {
        switch failure {
        case .processing(let error): return error
        case .cancelled: return CancellationError()
        case .timedOut: return URLError(.timedOut)
        case .system(let error): return error.kind == .cancelled ? CancellationError() : URLError(transportError: error)
        default: return failure
        }
    }
}

/// The call being sent, for the adapters and processors of the manager sending it. Courier's
/// pipeline runs them in the sending task, so a task-local reaches them without a global.
enum PipelineCall {
    @TaskLocal static var current: EndpointRequest?
    /// Set while a response processor runs inside the pipeline: it may ask for one replay.
    @TaskLocal static var replay: ReplaySignal?
}

/// A processor's request to send the call again (after a token refresh): allowed once per call,
/// so a replayed request that fails again is not refreshed again.
final class ReplaySignal: Sendable {
    /// Whether this response may still lead to a replay.
    let isAllowed: Bool
    private let requested = Mutex(false)

    init(isAllowed: Bool) { self.isAllowed = isAllowed }

    func request() { requested.withLock { $0 = true } }
    var isRequested: Bool { requested.withLock { $0 } }
}
