import Courier
import Foundation
import Synchronization
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A built `URLRequest` as a Courier request: its URL, method, headers, body and timeout.
struct SentURLRequest: Courier.Request {
    typealias ResponseObjectType = Data
    typealias ErrorType = String

    let path: String
    let method: HTTPMethod
    let headers: RequestHeaders
    let body: RequestBody?
    let timeout: TimeInterval?

    init(_ request: URLRequest) {
        path = request.url?.absoluteString ?? ""
        method = HTTPMethod(rawValue: request.httpMethod ?? "GET")
        var headers: RequestHeaders = [:]
        for (name, value) in (request.allHTTPHeaderFields ?? [:]).sorted(by: { $0.key < $1.key }) { headers[RequestHeaderKey(name)] = value }
        self.headers = headers
        body = request.httpBody.map(RequestBody.raw)
        timeout = request.timeoutInterval
    }
}

/// The `URLRequest` a builder made, for `RequestSettingsAdapter`: Courier builds its own request
/// from URL, method, headers and body, and the adapter copies the rest over.
enum RequestSettings {
    @TaskLocal static var original: URLRequest?
}

/// Copies what builders may set besides URL, method, headers and body (`set(to: \.cachePolicy, …)`)
/// onto the request Courier sends.
struct RequestSettingsAdapter: RequestAdapter {
    func adapt(_ request: URLRequest, context: RequestContext) async throws -> URLRequest {
        guard let original = RequestSettings.original else { return request }
        var request = request
        request.cachePolicy = original.cachePolicy
        request.networkServiceType = original.networkServiceType
        request.allowsCellularAccess = original.allowsCellularAccess
        request.httpShouldHandleCookies = original.httpShouldHandleCookies
        return request
    }
}

/// The calls a requester started with callbacks, so `cancelAll()` reaches them.
final class RunningCalls: Sendable {
    private let tasks = Mutex<[UUID: Task<Void, Never>]>([:])

    /// Runs `operation` in a task of its own until it ends or is cancelled.
    func start(_ operation: @escaping @Sendable () async -> Void) {
        let id = UUID()
        tasks.withLock { tasks in
            tasks[id] = Task { [weak self] in
                await operation()
                _ = self?.tasks.withLock { $0.removeValue(forKey: id) }
            }
        }
    }

    func cancelAll() {
        for task in tasks.withLock({ Array($0.values) }) { task.cancel() }
    }
}
