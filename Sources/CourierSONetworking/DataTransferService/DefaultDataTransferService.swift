import Foundation

/// Sends endpoints through a `NetworkService` and decodes their responses. Failures go to the
/// error logger, then through the error resolver. Completions run on the thread the network
/// service answers on (for `DefaultNetworkService`, the pipeline's response queue), never
/// implicitly on the main queue: on Linux it does not run while a program blocks.
///
/// ```swift
/// let service = DefaultDataTransferService(with: DefaultNetworkService(config: config))
/// service.request(with: APIEndpoints.getUser(id: 1)) { result in … }
/// ```
public final class DefaultDataTransferService: DataTransferService {
    private let networkService: NetworkService
    private let errorResolver: DataTransferErrorResolver
    private let errorLogger: DataTransferErrorLogger

    /// Creates a service over `networkService`.
    public init(with networkService: NetworkService,
                errorResolver: DataTransferErrorResolver = DefaultDataTransferErrorResolver(),
                errorLogger: DataTransferErrorLogger = DefaultDataTransferErrorLogger()) {
        self.networkService = networkService
        self.errorResolver = errorResolver
        self.errorLogger = errorLogger
    }

    @discardableResult
    public func request<T: Decodable, E: ResponseRequestable>(with endpoint: E,
                                                              completion: @escaping CompletionHandler<T>) -> NetworkCancellable? where E.Response == T {
        request(with: endpoint, progress: nil, completion: completion)
    }

    @discardableResult
    public func request<E: ResponseRequestable>(with endpoint: E,
                                                completion: @escaping CompletionHandler<Void>) -> NetworkCancellable? where E.Response == Void {
        request(with: endpoint, progress: nil, completion: completion)
    }

    @discardableResult
    public func request<T: Decodable, E: ResponseRequestable>(with endpoint: E, progress: NetworkProgressHandler?,
                                                              completion: @escaping CompletionHandler<T>) -> NetworkCancellable? where E.Response == T {
        let delivery = Delivery(decoder: endpoint.responseDecoder, errorLogger: errorLogger, failure: failure, completion: completion)
        return networkService.request(endpoint: endpoint, progress: progress, completion: delivery.receive)
    }

    @discardableResult
    public func request<E: ResponseRequestable>(with endpoint: E, progress: NetworkProgressHandler?,
                                                completion: @escaping CompletionHandler<Void>) -> NetworkCancellable? where E.Response == Void {
        networkService.request(endpoint: endpoint, progress: progress) { result in
            completion(result.mapError(self.failure).map { _ in () })
        }
    }

    /// Logs the network error, then lets the resolver decide what callers see.
    private func failure(_ error: NetworkError) -> DataTransferError {
        errorLogger.log(error: error)
        let resolved = errorResolver.resolve(error: error)
        if let network = resolved as? NetworkError { return .networkFailure(network) }
        return .resolvedNetworkFailure(resolved)
    }

    /// What becomes of a response for an endpoint decoding into `T`. A value with a method rather
    /// than a closure: a closure that mentions `T` would capture its metatype, which the seed's
    /// signature does not declare `Sendable`.
    private struct Delivery<T: Decodable>: Sendable {
        let decoder: ResponseDecoder
        let errorLogger: DataTransferErrorLogger
        let failure: @Sendable (NetworkError) -> DataTransferError
        let completion: @Sendable (Result<T, DataTransferError>) -> Void

        func receive(_ result: Result<Data?, NetworkError>) {
            switch result {
            case .success(let data?):
                do {
                    completion(.success(try decoder.decode(data)))
                } catch {
                    errorLogger.log(error: error)
                    completion(.failure(.parsing(error)))
                }
            case .success(nil):
                completion(.failure(.noResponse))
            case .failure(let error):
                completion(.failure(failure(error)))
            }
        }
    }
}
