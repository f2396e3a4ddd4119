import Courier
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The library's `Requester`, on Courier: requests go through Courier's pipeline (its URLSession
/// transport, deadlines, retries, cookies, observers) and answer on their `responseQueue`.
///
/// ```swift
/// let requester = DefaultRequester()
/// requester.execute(RequestType<User>(requestFactory: RequestFactory(router: UserRouter.user(id: "12")))) { result in
///     print(result)
/// }
/// ```
public final class DefaultRequester: Requester {
    /// The Courier endpoint requests go through: register observers on `endpoint.observation`,
    /// read `endpoint.cookies`.
    public let endpoint: Endpoint
    private let running = RunningCalls()

    /// - Parameters:
    ///   - configuration: The configuration of the session requests go through.
    ///   - retries: Retries of failed idempotent requests (transport failures, 408, 429, 5xx).
    public init(configuration: URLSessionConfiguration = .default, retries: Int = 0) {
        endpoint = Endpoint(baseUrl: URL(fileURLWithPath: "/"), sessionConfiguration: configuration, retryingCount: retries)
        endpoint.modifiers.add(adapter: RequestSettingsAdapter())
    }

    /// Sends `request` and calls `response` on the request's `responseQueue`; `cancelAll()` cancels it.
    public func execute<T: Request>(_ request: T, response: @escaping Response<T.Response>) {
        responseData(for: request.urlRequest, queue: request.responseQueue) { result in
            response(result.flatMap { data in Result<T.Response>(catching: { try request.requestParser(data) }) })
        }
    }

    /// Sends `request` and returns the parsed value; cancelling the surrounding task cancels it.
    /// (No closure parameter, so `execute(request) { result in … }` always means the callback form.)
    /// - Throws: As `data(for:progress:)`, or the parser's error.
    public func execute<T: Request>(_ request: T) async throws -> T.Response {
        try request.requestParser(await data(for: request.urlRequest))
    }

    /// Sends `urlRequest` and calls `completion` with the body on `queue` (Alamofire's
    /// `responseData(queue:)`, for requesters written like the README's); `cancelAll()` cancels it.
    public func responseData(for urlRequest: URLRequest, queue: DispatchQueue, completion: @escaping @Sendable (Result<Data>) -> Void) {
        running.start { [self] in
            let result: Result<Data>
            do {
                result = .success(try await self.data(for: urlRequest))
            } catch {
                result = .failure(error)
            }
            queue.async { completion(result) }
        }
    }

    /// Sends `urlRequest` through Courier and returns the body of a 2xx/3xx answer.
    /// - Parameters:
    ///   - urlRequest: The request, as a `RequestFactory` builds it.
    ///   - progress: Called with the share of bytes moved (0…1) as it grows, when totals are known.
    /// - Throws: `ResponseError` for a status of 400 or more, `CancellationError`, or Courier's
    ///   `ErrorResponse` (a sentence) for transport failures and unbuildable requests.
    public func data(for urlRequest: URLRequest, progress: (@Sendable (Double) -> Void)? = nil) async throws -> Data {
        var reportProgress: (@Sendable (TransferProgress) -> Void)?
        if let progress {
            reportProgress = { transfer in
                if let fraction = transfer.fractionCompleted { progress(fraction) }
            }
        }
        let exchange = await RequestSettings.$original.withValue(urlRequest) {
            await SentURLRequest(urlRequest).exchange(on: endpoint, progress: reportProgress)
        }
        switch exchange.result {
        case .success(let sent): return sent.data
        case .failure(.cancelled): throw CancellationError()
        case .failure(let failure):
            guard let status = failure.statusCode else { throw failure }
            throw ResponseError(statusCode: status, data: exchange.debug.dataResponse ?? Data(), description: failure.description)
        }
    }

    /// A shell command that sends `request` with curl as this requester would.
    /// - Throws: Courier's `RequestBuildError` when the request cannot be built.
    public func cURL<T: Request>(for request: T) throws -> String {
        try endpoint.cURL(for: SentURLRequest(request.urlRequest))
    }

    /// Cancels every call started with `execute(_:response:)`; each answers with `CancellationError`.
    public func cancelAll() { running.cancelAll() }
}
