import CourierSONetworking
import CourierTestSupport
import Foundation
import Logging
import Synchronization

/// A user as the demo API returns it.
struct DemoUser: Decodable, Equatable {
    let id: Int
    let name: String
    let email: String
}

/// `{"data": …}`, the demo API's envelope.
struct DataEnvelope<T: Decodable & Sendable>: Decodable {
    let data: T
}

/// What `/echo` saw.
struct Echo: Decodable {
    let method: String
    let path: String
    let query: String?
    let headers: [[String]]
    let body: String?
    let bodySize: Int

    func header(_ name: String) -> String? {
        headers.first { $0.first?.lowercased() == name.lowercased() }?.last
    }
}

/// A configuration on the shared loopback demo server.
func demoConfig(headers: [String: String] = [:], queryParameters: [String: String] = [:]) async throws -> ApiDataNetworkConfig {
    ApiDataNetworkConfig(baseURL: try await TestServer.url(), headers: headers, queryParameters: queryParameters)
}

/// Waits for a completion handler: `await completion { service.request(with: endpoint, completion: $0) }`.
func completion<T: Sendable>(_ start: (@escaping @Sendable (T) -> Void) -> Void) async -> T {
    await withCheckedContinuation { continuation in
        start { continuation.resume(returning: $0) }
    }
}

/// How many requests the demo server has seen for `path`.
func serverCount(_ path: String) async throws -> Int {
    try await TestServer.shared().statistics.count(for: path)
}

/// Values appended from any thread, read after the fact.
final class Collected<Value: Sendable>: Sendable {
    private let storage = Mutex<[Value]>([])
    func append(_ value: Value) { storage.withLock { $0.append(value) } }
    var values: [Value] { storage.withLock { $0 } }
}

/// A swift-log handler that keeps each line as level and text with its metadata.
struct CollectingLogHandler: LogHandler {
    let lines: Collected<String>
    var metadata: Logger.Metadata = [:]
    var metadataProvider: Logger.MetadataProvider?
    var logLevel: Logger.Level = .trace

    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    func log(event: LogEvent) {
        let details = (event.metadata ?? [:]).sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: " ")
        lines.append("\(event.level) \(event.message)\(details.isEmpty ? "" : " [\(details)]")")
    }
}

extension Logger {
    /// A logger whose lines land in `lines`.
    static func collecting(into lines: Collected<String>) -> Logger {
        Logger(label: "test") { _ in CollectingLogHandler(lines: lines) }
    }
}
