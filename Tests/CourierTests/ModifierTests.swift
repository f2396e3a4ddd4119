import Courier
import CourierTestSupport
import Foundation
import Synchronization
import Testing
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Counts calls, for processors that must run a bounded number of times.
final class Counter: Sendable {
    private let count = Mutex(0)
    func increment() { count.withLock { $0 += 1 } }
    var value: Int { count.withLock { $0 } }
}

struct TeapotError: Error, CustomStringConvertible {
    let status: Int?
    var description: String { "resolved by the error processor (status \(status.map(String.init) ?? "none"))" }
}

@Suite("Adapters, processors and interceptors")
struct ModifierTests {
    @Test("Adapters change every attempt; a throwing adapter fails with its own sentence")
    func adapters() async throws {
        let endpoint = try await makeEndpoint()
        endpoint.modifiers.add(adapter: ClosureAdapter { request, context in
            var request = request
            request.setValue("attempt-\(context.attempt)", forHTTPHeaderField: "X-Attempt")
            return request
        })
        let echo = try await DefaultRequest<Echo, String>(path: "echo", method: .get).asyncExecute(on: endpoint)
        #expect(echo.header("X-Attempt") == "attempt-1")

        struct Refused: Error, CustomStringConvertible { var description: String { "the signing key is missing" } }
        endpoint.modifiers.add(adapter: ClosureAdapter { _, _ in throw Refused() })
        let result = await outcome(of: DefaultRequest<Echo, String>(path: "echo", method: .get).execute(on: endpoint))
        guard case .failure(.processing(let error)) = result else {
            Issue.record("expected a processing failure, got \(result)")
            return
        }
        #expect("\(error)" == "the signing key is missing")
    }

    @Test("A response processor can replace a response and ask for one replay, never more")
    func processors() async throws {
        let endpoint = try await makeEndpoint()
        let calls = Counter()
        struct AlwaysReplay: ResponseProcessor {
            let calls: Counter
            func process(_ response: TransportResponse, for request: URLRequest, context: RequestContext) async throws -> ResponseProcessingResult {
                calls.increment()
                return .replay
            }
        }
        endpoint.modifiers.add(processor: AlwaysReplay(calls: calls))
        let info = await debugInfo(of: DefaultRequest<Echo, String>(path: "echo", method: .get).execute(on: endpoint))
        #expect(info.attempts == 2, "one replay, then the response proceeds")
        #expect(calls.value == 2)
    }

    @Test("Error processors resolve errors (seed 001's resolvers); the result arrives as .processing")
    func errorProcessors() async throws {
        let endpoint = try await makeEndpoint()
        struct Resolver: ErrorProcessor {
            func process(_ error: any Error, for request: URLRequest, context: RequestContext) async -> any Error {
                TeapotError(status: (error as? ErrorResponse<String>)?.statusCode)
            }
        }
        endpoint.modifiers.add(errorProcessor: Resolver())
        let result = await outcome(of: DefaultRequest<Data, String>(path: "status/418", method: .get).execute(on: endpoint))
        guard case .failure(.processing(let error)) = result else {
            Issue.record("expected the resolved error, got \(result)")
            return
        }
        #expect("\(error)" == "resolved by the error processor (status 418)")
    }

    @Test("Cookies belong to their endpoint: kept from responses, sent back, inspectable, never shared")
    func cookies() async throws {
        let first = try await makeEndpoint()
        let second = try await makeEndpoint()
        _ = try await DefaultRequest<Data, String>(path: "cookies/set", method: .get, queryParams: [("session", "abc"), ("theme", "dark")]).asyncExecute(on: first)
        #expect(Set(first.cookies.all.map(\.name)) == ["session", "theme"])
        let seen = try await DefaultRequest<Envelope<[String: String]>, String>(path: "cookies", method: .get).asyncExecute(on: first)
        #expect(seen.data == ["session": "abc", "theme": "dark"])
        let other = try await DefaultRequest<Envelope<[String: String]>, String>(path: "cookies", method: .get).asyncExecute(on: second)
        #expect(other.data.isEmpty, "the other endpoint has its own jar")
        #expect(second.cookies.all.isEmpty)
        first.cookies.removeAll()
        let cleared = try await DefaultRequest<Envelope<[String: String]>, String>(path: "cookies", method: .get).asyncExecute(on: first)
        #expect(cleared.data.isEmpty)
    }
}
