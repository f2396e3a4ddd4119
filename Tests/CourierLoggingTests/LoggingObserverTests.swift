import Courier
import CourierLogging
import CourierTestSupport
import Foundation
import Logging
import Synchronization
import Testing

/// Keeps what was logged, for assertions.
final class RecordedLogs: Sendable {
    struct Entry: Sendable {
        let level: Logger.Level
        let message: String
        let metadata: [String: String]
    }

    private let entries = Mutex<[Entry]>([])
    func append(_ entry: Entry) { entries.withLock { $0.append(entry) } }
    var all: [Entry] { entries.withLock { $0 } }
}

struct RecordingHandler: LogHandler {
    let logs: RecordedLogs
    var metadata: Logger.Metadata = [:]
    var metadataProvider: Logger.MetadataProvider?
    var logLevel: Logger.Level = .trace

    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    func log(event: LogEvent) {
        logs.append(.init(level: event.level, message: event.message.description,
                          metadata: (event.metadata ?? [:]).mapValues { "\($0)" }))
    }
}

@Suite("swift-log observer")
struct LoggingObserverTests {
    @Test("Attempts at debug, the outcome at info or error, secrets redacted")
    func logs() async throws {
        let logs = RecordedLogs()
        let endpoint = Endpoint(baseUrl: try await TestServer.url(), retryingCount: 1)
        endpoint.retryStrategy = RetryStrategy(retries: 1, delay: .constant(0.01))
        endpoint.headers["Authorization"] = "Bearer secret-token"
        endpoint.observation.register(LoggingObserver(logger: Logger(label: "test") { _ in RecordingHandler(logs: logs) }))

        _ = try await DefaultRequest<Data, String>(path: "users/1", method: .get).asyncExecute(on: endpoint)
        _ = try? await DefaultRequest<Data, String>(path: "status/503", method: .get).asyncExecute(on: endpoint)

        let entries = logs.all
        #expect(entries.filter { $0.level == .debug }.count == 3, "one line per attempt: 1 + 2")
        let success = try #require(entries.first { $0.level == .info })
        #expect(success.message.hasSuffix("/users/1 → 200"))
        #expect(success.metadata["status"] == "200" && success.metadata["attempts"] == "1")
        let failure = try #require(entries.first { $0.level == .error })
        #expect(failure.message.contains("/status/503 failed: The server answered 503"))
        #expect(failure.metadata["attempts"] == "2")
        #expect(entries.allSatisfy { !$0.metadata.values.contains { $0.contains("secret-token") } })
        #expect(entries.first { $0.level == .debug }?.metadata["header.Authorization"] == "<redacted>")
    }

    @Test("Every credential-bearing header and query value is redacted, by DESIGN.md's rule")
    func credentialRule() async throws {
        let logs = RecordedLogs()
        let endpoint = Endpoint(baseUrl: try await TestServer.url(), retryingCount: 0)
        endpoint.observation.register(LoggingObserver(logger: Logger(label: "test") { _ in RecordingHandler(logs: logs) }))
        let request = DefaultRequest<Data, String>(path: "echo", method: .get, queryParams: [("access_token", "query-secret"), ("page", "2")],
                                                   headers: [RequestHeaderKey("X-Api-Key"): "key-secret"])
        _ = try await request.asyncExecute(on: endpoint)
        let entries = logs.all
        #expect(entries.first { $0.level == .debug }?.metadata["header.X-Api-Key"] == "<redacted>")
        #expect(entries.allSatisfy { !$0.message.contains("query-secret") && $0.message.contains("page=2") }, "\(entries.map(\.message))")
    }
}
