import CourierSONetworking
import CourierTestSupport
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Logging
import Synchronization
import Testing

// Seed 001's "NetworkService" code blocks: the service, the session manager and the logger, each
// implemented as an app would and run against the loopback demo server.

/// Block "NetworkService": an app's own service that answers from memory, for previews.
struct CannedNetworkService: NetworkService {
    let body: Data?
    func request(endpoint: Requestable, completion: @escaping CompletionHandler) -> NetworkCancellable? {
        completion(.success(body))
        return nil
    }
}

/// Block "NetworkSessionManager": an app's own manager over URLSession, as SONetworking's default
/// was (a completion-handler data task, which is its `NetworkCancellable`).
final class URLSessionDataTaskManager: NetworkSessionManager {
    func request(_ request: URLRequest, completion: @escaping CompletionHandler) -> NetworkCancellable {
        let task = URLSession.shared.dataTask(with: request, completionHandler: completion)
        task.resume()
        return task
    }
}

/// A session manager for a device without a network, as URLSession reports one.
struct OfflineSessionManager: NetworkSessionManager {
    func request(_ request: URLRequest, completion: @escaping CompletionHandler) -> NetworkCancellable {
        completion(nil, nil, URLError(.notConnectedToInternet))
        return NeverCancelled()
    }
}

/// A cancellable that is not a request, to see a service replace it with nil.
struct NeverCancelled: NetworkCancellable {
    func cancel() {}
}

/// Block "NetworkErrorLogger": an app's own logger as a value, switched off from the start.
struct SilentLogger: NetworkErrorLogger {
    var logEnabled = false
    let calls: Collected<String>
    func log(request: URLRequest) { calls.append("request") }
    func log(responseData data: Data?, response: URLResponse?) { calls.append("response") }
    func log(error: Error) { calls.append("error") }
}

@Suite("Seed 001: NetworkService")
struct SeedNetworkServiceTests {
    @Test("NetworkService: data for a 2xx, .error(statusCode:data:) for a 4xx or 5xx, .urlGeneration and nil for a bad endpoint")
    func networkService() async throws {
        let service = DefaultNetworkService(config: try await demoConfig())
        let data = try await completion { service.request(endpoint: Endpoint<Void>(path: "users/1", method: .get), completion: $0) }.get()
        #expect(data.map { String(decoding: $0, as: UTF8.self) }?.contains("Ada Lovelace") == true)

        for status in [400, 404, 500] {
            let failed = await completion { service.request(endpoint: Endpoint<Void>(path: "status/\(status)", method: .post), completion: $0) }
            guard case .failure(.error(let code, let body)) = failed else {
                Issue.record("\(status) must fail, got \(failed)")
                continue
            }
            #expect(code == status)
            #expect(body.map { String(decoding: $0, as: UTF8.self) }?.contains("as asked") == true)
        }

        var returned: NetworkCancellable? = NeverCancelled()
        let bad = await completion { done in
            returned = service.request(endpoint: Endpoint<Void>(path: "no url", isFullPath: true, method: .get), completion: done)
        }
        #expect(returned == nil)
        guard case .failure(.urlGeneration) = bad else {
            Issue.record("expected .urlGeneration, got \(bad)")
            return
        }

        // An app's own NetworkService plugs into the data transfer service.
        let canned = DefaultDataTransferService(with: CannedNetworkService(body: Data(#"{"data":{"id":9,"name":"N","email":"n@x"}}"#.utf8)))
        let user = try await completion { canned.request(with: Endpoint<DataEnvelope<DemoUser>>(path: "any", method: .get), completion: $0) }.get()
        #expect(user.data.id == 9)
        let empty: Result<DataEnvelope<DemoUser>, DataTransferError> = await completion {
            DefaultDataTransferService(with: CannedNetworkService(body: nil)).request(with: Endpoint(path: "any", method: .get), completion: $0)
        }
        guard case .failure(.noResponse) = empty else {
            Issue.record("no body to decode is .noResponse, got \(empty)")
            return
        }
    }

    @Test("NetworkSessionManager: an app's URLSession manager works, and its 404 still fails (URLSession calls it a success)")
    func sessionManager() async throws {
        let config = try await demoConfig()
        let service = DefaultNetworkService(config: config, sessionManager: URLSessionDataTaskManager())
        let data = try await completion { service.request(endpoint: Endpoint<Void>(path: "users/2", method: .get), completion: $0) }.get()
        #expect(data.map { String(decoding: $0, as: UTF8.self) }?.contains("Alan Turing") == true)
        let missing = await completion { service.request(endpoint: Endpoint<Void>(path: "users/987656", method: .get), completion: $0) }
        guard case .failure(let error) = missing else {
            Issue.record("a 404 through URLSession must fail, got \(missing)")
            return
        }
        #expect(error.isNotFoundError)

        let offline = DefaultNetworkService(config: config, sessionManager: OfflineSessionManager())
        let notConnected = await completion { offline.request(endpoint: Endpoint<Void>(path: "users/1", method: .get), completion: $0) }
        guard case .failure(.notConnected) = notConnected else {
            Issue.record("URLError.notConnectedToInternet is .notConnected, got \(notConnected)")
            return
        }

        // The default manager reports as URLSession does: an error status is a response, not an error.
        let manager = DefaultNetworkSessionManager()
        let request = try Endpoint<Void>(path: "status/404", method: .post).urlRequest(with: config)
        let (body, response, failure) = await withCheckedContinuation { continuation in
            manager.request(request) { continuation.resume(returning: ($0, $1, $2)) }
        }
        #expect((response as? HTTPURLResponse)?.statusCode == 404)
        #expect(failure == nil)
        #expect(body?.isEmpty == false)
    }

    @Test("NetworkErrorLogger: logEnabled switches it off; the default logs to swift-log with credentials masked")
    func networkErrorLogger() async throws {
        let config = try await demoConfig(headers: ["Authorization": "Bearer very-secret"])
        let calls = Collected<String>()
        let silent = DefaultNetworkService(config: config, logger: SilentLogger(calls: calls))
        _ = await completion { silent.request(endpoint: Endpoint<Void>(path: "users/1", method: .get), completion: $0) }
        #expect(calls.values.isEmpty)

        let lines = Collected<String>()
        let logger = DefaultNetworkErrorLogger(logger: .collecting(into: lines))
        let service = DefaultNetworkService(config: config, logger: logger)
        _ = await completion { service.request(endpoint: Endpoint<Void>(path: "users/1", method: .get, queryParameters: ["token": "q-secret"]),
                                               completion: $0) }
        _ = await completion { service.request(endpoint: Endpoint<Void>(path: "status/409", method: .post), completion: $0) }
        let logged = lines.values
        #expect(logged.contains { $0.hasPrefix("debug → GET http://") && $0.contains("/users/1?token=••••••") && $0.contains("header.Authorization=Bearer ••••••") })
        #expect(logged.contains { $0.hasPrefix("debug ← 200 ") && $0.contains("bytes=") })
        #expect(logged.contains { $0.hasPrefix("trace body") && $0.contains("Ada Lovelace") })
        #expect(logged.contains { $0.hasPrefix("error The server answered 409 Conflict") })
        #expect(!logged.contains { $0.contains("very-secret") || $0.contains("q-secret") })

        logger.logEnabled = false
        let before = lines.values.count
        _ = await completion { service.request(endpoint: Endpoint<Void>(path: "users/1", method: .get), completion: $0) }
        #expect(lines.values.count == before)
        #expect(!logger.logEnabled)
    }
}
