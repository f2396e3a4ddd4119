import Foundation

/// Why a data transfer failed.
public enum DataTransferError: Error {
    /// The server sent no body to decode.
    case noResponse
    /// The body did not decode as the endpoint's `Response`.
    case parsing(Error)
    /// The request failed and the error resolver kept the `NetworkError`.
    case networkFailure(NetworkError)
    /// The request failed and the error resolver turned it into this error.
    case resolvedNetworkFailure(Error)
}

extension DataTransferError: CustomStringConvertible {
    public var description: String {
        switch self {
        case .noResponse: return "The server sent no body to decode."
        case .parsing(let error): return "The response could not be decoded: \(error)"
        case .networkFailure(let error): return error.description
        case .resolvedNetworkFailure(let error): return "\(error)"
        }
    }
}

/// Sends endpoints and decodes their responses: into the endpoint's `Response`, or into nothing
/// for `Endpoint<Void>`. Completions run once, off the main queue; the returned value cancels.
public protocol DataTransferService: Sendable {
    typealias CompletionHandler<T> = @Sendable (Result<T, DataTransferError>) -> Void

    /// Sends `endpoint` and decodes its response with `endpoint.responseDecoder`.
    @discardableResult
    func request<T: Decodable, E: ResponseRequestable>(with endpoint: E,
                                                       completion: @escaping CompletionHandler<T>) -> NetworkCancellable? where E.Response == T
    /// Sends `endpoint`, whose response body is ignored.
    @discardableResult
    func request<E: ResponseRequestable>(with endpoint: E,
                                         completion: @escaping CompletionHandler<Void>) -> NetworkCancellable? where E.Response == Void

    /// The decoding form, reporting progress; the default ignores `progress`.
    @discardableResult
    func request<T: Decodable, E: ResponseRequestable>(with endpoint: E, progress: NetworkProgressHandler?,
                                                       completion: @escaping CompletionHandler<T>) -> NetworkCancellable? where E.Response == T
    /// The `Void` form, reporting progress; the default ignores `progress`.
    @discardableResult
    func request<E: ResponseRequestable>(with endpoint: E, progress: NetworkProgressHandler?,
                                         completion: @escaping CompletionHandler<Void>) -> NetworkCancellable? where E.Response == Void
}

extension DataTransferService {
    @discardableResult
    public func request<T: Decodable, E: ResponseRequestable>(with endpoint: E, progress: NetworkProgressHandler?,
                                                              completion: @escaping CompletionHandler<T>) -> NetworkCancellable? where E.Response == T {
        request(with: endpoint, completion: completion)
    }

    @discardableResult
    public func request<E: ResponseRequestable>(with endpoint: E, progress: NetworkProgressHandler?,
                                                completion: @escaping CompletionHandler<Void>) -> NetworkCancellable? where E.Response == Void {
        request(with: endpoint, completion: completion)
    }
}

/// Turns a `NetworkError` into the error callers see: return it as it is to keep it
/// (`DataTransferError.networkFailure`), or another error (`.resolvedNetworkFailure`).
public protocol DataTransferErrorResolver: Sendable {
    func resolve(error: NetworkError) -> Error
}

/// Keeps every `NetworkError` as it is.
public final class DefaultDataTransferErrorResolver: DataTransferErrorResolver {
    /// Creates the resolver.
    public init() {}

    /// `error` itself.
    public func resolve(error: NetworkError) -> Error { error }
}
