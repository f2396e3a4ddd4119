import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Sends an endpoint and hands back the body, or why there is none.
public protocol NetworkService: Sendable {
    typealias CompletionHandler = @Sendable (Result<Data?, NetworkError>) -> Void

    /// Sends `endpoint`; nil when no request could be made (the completion has then had `.urlGeneration`).
    @discardableResult
    func request(endpoint: Requestable, completion: @escaping CompletionHandler) -> NetworkCancellable?

    /// Sends `endpoint`, reporting progress; the default ignores `progress`.
    @discardableResult
    func request(endpoint: Requestable, progress: NetworkProgressHandler?,
                 completion: @escaping CompletionHandler) -> NetworkCancellable?
}

extension NetworkService {
    @discardableResult
    public func request(endpoint: Requestable, progress: NetworkProgressHandler?,
                        completion: @escaping CompletionHandler) -> NetworkCancellable? {
        request(endpoint: endpoint, completion: completion)
    }
}

/// Builds each endpoint's request under `config`, sends it with the session manager, and turns
/// the answer into data or a `NetworkError`: an error status is `.error(statusCode:data:)`, never
/// a success. The logger sees every request, response and error while its `logEnabled` is on.
///
/// ```swift
/// let service = DefaultNetworkService(config: ApiDataNetworkConfig(baseURL: url))
/// ```
public final class DefaultNetworkService: NetworkService {
    private let config: NetworkConfigurable
    private let sessionManager: NetworkSessionManager
    private let logger: NetworkErrorLogger

    /// Creates a service; by default it sends through Courier's pipeline on URLSession and logs to swift-log.
    public init(config: NetworkConfigurable,
                sessionManager: NetworkSessionManager = DefaultNetworkSessionManager(),
                logger: NetworkErrorLogger = DefaultNetworkErrorLogger()) {
        self.config = config
        self.sessionManager = sessionManager
        self.logger = logger
    }

    @discardableResult
    public func request(endpoint: Requestable, completion: @escaping CompletionHandler) -> NetworkCancellable? {
        request(endpoint: endpoint, progress: nil, completion: completion)
    }

    @discardableResult
    public func request(endpoint: Requestable, progress: NetworkProgressHandler?,
                        completion: @escaping CompletionHandler) -> NetworkCancellable? {
        let urlRequest: URLRequest
        do {
            urlRequest = try endpoint.urlRequest(with: config)
        } catch {
            if logger.logEnabled { logger.log(error: error) }
            completion(.failure(.urlGeneration))
            return nil
        }
        if logger.logEnabled { logger.log(request: urlRequest) }
        let logger = self.logger
        return sessionManager.request(urlRequest, progress: progress) { data, response, error in
            let result = Self.result(data: data, response: response, error: error)
            if logger.logEnabled {
                switch result {
                case .success: logger.log(responseData: data, response: response)
                case .failure(let failure): logger.log(error: failure)
                }
            }
            completion(result)
        }
    }

    /// The outcome: an error status fails whether or not the session reported an error with it
    /// (URLSession reports 4xx/5xx as successes; SONetworking passed them on as data).
    static func result(data: Data?, response: URLResponse?, error: Error?) -> Result<Data?, NetworkError> {
        if let status = (response as? HTTPURLResponse)?.statusCode, status >= 400 || error != nil {
            return .failure(.error(statusCode: status, data: data))
        }
        if let error { return .failure(resolve(error)) }
        return .success(data)
    }

    private static func resolve(_ error: Error) -> NetworkError {
        switch (error as? URLError)?.code {
        case .notConnectedToInternet?: return .notConnected
        case .cancelled?: return .cancelled
        default: return .generic(error)
        }
    }
}
