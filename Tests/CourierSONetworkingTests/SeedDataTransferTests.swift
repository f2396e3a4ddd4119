import CourierSONetworking
import CourierTestSupport
import Foundation
import Logging
import Testing

// Seed 001's "DataTransferService" code blocks: the service protocol with both request forms, the
// error resolver and the error logger, each implemented as an app would and run against the
// loopback demo server.

/// Block "DataTransferService": an app's own service, written to the seed's declaration, that
/// records what it sends and forwards to the default one.
final class RecordingDataTransferService: DataTransferService {
    let inner: DataTransferService
    let paths = Collected<String>()

    init(inner: DataTransferService) { self.inner = inner }

    @discardableResult
    func request<T: Decodable, E: ResponseRequestable>(with endpoint: E,
                                                       completion: @escaping CompletionHandler<T>) -> NetworkCancellable? where E.Response == T {
        paths.append(endpoint.path)
        return inner.request(with: endpoint, completion: completion)
    }

    @discardableResult
    func request<E: ResponseRequestable>(with endpoint: E,
                                         completion: @escaping CompletionHandler<Void>) -> NetworkCancellable? where E.Response == Void {
        paths.append(endpoint.path)
        return inner.request(with: endpoint, completion: completion)
    }
}

/// The app's own error, which the resolver below makes of a 404.
enum AppError: Error, Equatable {
    case userMissing
}

/// Block "DataTransferErrorResolver".
struct AppErrorResolver: DataTransferErrorResolver {
    func resolve(error: NetworkError) -> Error {
        error.isNotFoundError ? AppError.userMissing : error
    }
}

/// Block "DataTransferErrorLogger".
final class RecordingErrorLogger: DataTransferErrorLogger {
    let errors = Collected<String>()
    func log(error: Error) { errors.append("\(error)") }
}

@Suite("Seed 001: DataTransferService")
struct SeedDataTransferTests {
    @Test("DataTransferService: both request forms, decoded and Void, return a cancellable; a 4xx is a failure")
    func bothForms() async throws {
        let service = RecordingDataTransferService(inner: DefaultDataTransferService(with: DefaultNetworkService(config: try await demoConfig())))

        let created = try await completion {
            service.request(with: Endpoint<DataEnvelope<DemoUser>>(path: "users", method: .post,
                                                                    bodyParamaters: ["name": "To Delete", "email": "gone@seed.test"]),
                            completion: $0)
        }.get()
        let id = created.data.id

        var cancellable: NetworkCancellable?
        let deleted: Result<Void, DataTransferError> = await completion { done in
            cancellable = service.request(with: Endpoint<Void>(path: "users/\(id)", method: .delete), completion: done)
        }
        #expect(cancellable != nil)
        #expect((try? deleted.get()) != nil, "DELETE answered 204: \(deleted)")

        let again: Result<Void, DataTransferError> = await completion {
            service.request(with: Endpoint<Void>(path: "users/\(id)", method: .delete), completion: $0)
        }
        guard case .failure(.networkFailure(let error)) = again else {
            Issue.record("a 404 must fail, got \(again)")
            return
        }
        #expect(error.isNotFoundError)
        #expect(error.description.hasPrefix("The server answered 404 Not Found: {"))
        #expect(service.paths.values == ["users", "users/\(id)", "users/\(id)"])
    }

    @Test("DataTransferErrorResolver: what it returns is what callers see; a NetworkError stays a network failure")
    func resolver() async throws {
        let network = DefaultNetworkService(config: try await demoConfig())
        let resolving = DefaultDataTransferService(with: network, errorResolver: AppErrorResolver())
        let missing: Result<DataEnvelope<DemoUser>, DataTransferError> = await completion {
            resolving.request(with: Endpoint(path: "users/987654", method: .get), completion: $0)
        }
        guard case .failure(.resolvedNetworkFailure(let resolved)) = missing else {
            Issue.record("expected the resolver's error, got \(missing)")
            return
        }
        #expect(resolved as? AppError == .userMissing)

        let conflict: Result<Void, DataTransferError> = await completion {
            resolving.request(with: Endpoint<Void>(path: "status/409", method: .post), completion: $0)
        }
        guard case .failure(.networkFailure(let error)) = conflict else {
            Issue.record("expected the network error, got \(conflict)")
            return
        }
        #expect(error.hasStatusCode(409))

        let byDefault: Result<Void, DataTransferError> = await completion {
            DefaultDataTransferService(with: network).request(with: Endpoint<Void>(path: "users/987654", method: .get), completion: $0)
        }
        guard case .failure(.networkFailure(.error(statusCode: 404, let body))) = byDefault else {
            Issue.record("the default resolver keeps the NetworkError, got \(byDefault)")
            return
        }
        #expect(body.map { String(decoding: $0, as: UTF8.self) }?.contains("User 987654 not found") == true)
    }

    @Test("DataTransferErrorLogger: network failures and bodies that do not decode are logged; the default writes to swift-log")
    func errorLogger() async throws {
        let logger = RecordingErrorLogger()
        let service = DefaultDataTransferService(with: DefaultNetworkService(config: try await demoConfig()), errorLogger: logger)
        let missing: Result<Void, DataTransferError> = await completion {
            service.request(with: Endpoint<Void>(path: "users/987655", method: .get), completion: $0)
        }
        #expect((try? missing.get()) == nil)
        let mismatch: Result<[Int], DataTransferError> = await completion {
            service.request(with: Endpoint<[Int]>(path: "users/1", method: .get), completion: $0)
        }
        guard case .failure(.parsing(let error)) = mismatch else {
            Issue.record("expected a parsing failure, got \(mismatch)")
            return
        }
        #expect(error is DecodingError)
        #expect(mismatch.description.contains("could not be decoded"))
        #expect(logger.errors.values.count == 2)
        #expect(logger.errors.values.first?.hasPrefix("The server answered 404 Not Found") == true)

        let lines = Collected<String>()
        let swiftLog = DefaultDataTransferService(with: DefaultNetworkService(config: try await demoConfig()),
                                                  errorLogger: DefaultDataTransferErrorLogger(logger: .collecting(into: lines)))
        _ = await completion { swiftLog.request(with: Endpoint<Void>(path: "status/418", method: .post), completion: $0) }
        #expect(lines.values.count == 1)
        #expect(lines.values.first?.hasPrefix("error The server answered 418") == true, "\(lines.values)")
    }
}

extension Result where Failure == DataTransferError {
    /// The failure's sentence, or "success".
    var description: String {
        switch self {
        case .success: return "success"
        case .failure(let error): return error.description
        }
    }
}
