import Courier
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Sends requests through Courier's pipeline: the deadline enforced to the fraction, retries,
/// adapters and processors, observers, the cookie jar, `DebugInfo` and cURL export all apply, on
/// URLSession by default or on any Courier transport. Completions run on `pipeline.responseQueue`,
/// else on a private serial queue — never on the main queue, which does not run on Linux while a
/// program blocks.
///
/// The pipeline is a Courier `Endpoint`; configure it from a file that imports `Courier`:
///
/// ```swift
/// import Courier
///
/// let pipeline = Endpoint(baseUrl: baseURL, transport: AsyncHTTPClientTransport())
/// pipeline.retryStrategy = RetryStrategy(retries: 2, delay: .constant(0.5))
/// pipeline.observation.register(LoggingObserver(logger: logger))
/// let manager = DefaultNetworkSessionManager(pipeline: pipeline)
/// ```
public final class DefaultNetworkSessionManager: NetworkSessionManager {
    /// The Courier endpoint whose pipeline carries every request. Its base URL is not used: each
    /// request arrives with its whole URL.
    public let pipeline: Courier.Endpoint

    /// A manager over a URLSession-backed pipeline with Courier's defaults (one retry of idempotent
    /// requests after a transport failure, 408, 429 or 5xx).
    public convenience init() {
        self.init(pipeline: Courier.Endpoint(baseUrl: URL(fileURLWithPath: "/")))
    }

    /// A manager over `pipeline`.
    public init(pipeline: Courier.Endpoint) {
        self.pipeline = pipeline
    }

    @discardableResult
    public func request(_ request: URLRequest, completion: @escaping CompletionHandler) -> NetworkCancellable {
        self.request(request, progress: nil, completion: completion)
    }

    @discardableResult
    public func request(_ request: URLRequest, progress: NetworkProgressHandler?,
                        completion: @escaping CompletionHandler) -> NetworkCancellable {
        let operation = pipeline.execute(PipelineRequest(request))
        if let progress { operation.onProgress(progress) }
        // The debug record is the one callback that carries the final response in every outcome.
        operation.onDebug { debug in
            let answer = Self.answer(debug)
            completion(answer.data, answer.response, answer.error)
        }
        return operation
    }

    /// A shell command that sends `request` with `curl` as this manager would, secrets included.
    /// - Throws: `RequestBuildError` when Courier cannot build the request (not an http(s) URL, a GET with a body).
    public func cURL(for request: URLRequest) throws -> String {
        try pipeline.cURL(for: PipelineRequest(request))
    }

    /// The pipeline's outcome as URLSession reports one: an error status is a response, and
    /// cancellation and a missing network are the `URLError`s SONetworking checks for.
    static func answer(_ debug: DebugInfo) -> (data: Data?, response: URLResponse?, error: Error?) {
        guard let error = debug.errorResponse else { return (debug.dataResponse, debug.urlResponse, nil) }
        switch error as? ErrorResponse<UndecodedError> {
        case .server?, .unexpectedStatus?, .decoding?:
            return (debug.dataResponse, debug.urlResponse, nil)
        case .cancelled?:
            return (nil, nil, URLError(.cancelled))
        case .timedOut(let seconds)?:
            let detail = "no complete response within \(TimeText.seconds(seconds))"
            return (nil, nil, TransportError(kind: .timedOut, url: debug.request.url, detail: detail, code: URLError.Code.timedOut.rawValue))
        case .system(let failure)?:
            if failure.kind == .cancelled { return (nil, nil, URLError(.cancelled)) }
            if failure.code == URLError.Code.notConnectedToInternet.rawValue { return (nil, nil, URLError(.notConnectedToInternet)) }
            return (nil, nil, failure)
        case .invalidRequest(let reason)?:
            return (nil, nil, reason)
        case .processing(let processorError)?:
            return (debug.dataResponse, debug.urlResponse, processorError)
        case nil:
            return (debug.dataResponse, debug.urlResponse, error)
        }
    }
}

/// The operation Courier's pipeline returns is what a caller cancels.
extension Courier.ExecutionOperation: NetworkCancellable {}
