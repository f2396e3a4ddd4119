import Courier
import CourierTestSupport
import Foundation
import Testing
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

@Suite("Retry configuration")
struct RetryConfigurationTests {
    @Test("Delays: constant, exponential up to its maximum")
    func delays() {
        #expect(RetryStrategy.Delay.constant(0.25).interval(afterAttempt: 3) == 0.25)
        let exponential = RetryStrategy.Delay.exponential(base: 0.1, multiplier: 3, max: 1, jitter: 0.5)
        #expect(exponential.interval(afterAttempt: 1) == 0.1)
        #expect(abs(exponential.interval(afterAttempt: 2) - 0.3) < 1e-9)
        #expect(exponential.interval(afterAttempt: 5) == 1)
    }

    // The pauses themselves (0.35 s kept fractional, never truncated to whole seconds) are pinned
    // on the state machine with no clock: `StateMachineTests.statuses`.
    @Test("A 503 is retried as configured; attempts and the final error show it")
    func retriesWithDelay() async throws {
        let endpoint = try await makeEndpoint()
        let path = "status/503?tag=\(UUID().uuidString)"
        let request = DefaultRequest<Data, APIError>(path: path, method: .get, errorConverter: KeyPathResponseConverter(path: "error"))
        let info = await debugInfo(of: request.execute(on: endpoint).retry(RetryStrategy(retries: 2, delay: .constant(0.01))))
        #expect(info.attempts == 3)
        #expect(info.statusCode == 503)
        #expect("\(info.errorResponse.map { "\($0)" } ?? "")".contains("503"))
    }

    @Test("POST is retried only when the configuration opts in; the predicate decides instead of the rules")
    func methodsAndPredicate() async throws {
        let endpoint = try await makeEndpoint()
        let post = DefaultRequest<Data, String>(path: "status/503", method: .post)
        let optedIn = await debugInfo(of: post.execute(on: endpoint)
            .retry(RetryStrategy(retries: 2, delay: .constant(0.01), retriesNonIdempotent: true)))
        #expect(optedIn.attempts == 3)
        let once = await debugInfo(of: post.execute(on: endpoint).retry(RetryStrategy(retries: 2, delay: .constant(0.01))))
        #expect(once.attempts == 1)

        let declined = await debugInfo(of: DefaultRequest<Data, String>(path: "status/503", method: .get).execute(on: endpoint)
            .retry(RetryStrategy(retries: 3, delay: .constant(0.01)) { _ in false }))
        #expect(declined.attempts == 1, "the predicate said no")
        let conflict = await debugInfo(of: DefaultRequest<Data, String>(path: "status/409", method: .get).execute(on: endpoint)
            .retry(RetryStrategy(retries: 1, delay: .constant(0.01)) { $0.response?.statusCode == 409 }))
        #expect(conflict.attempts == 2, "the predicate allows what the rules would not")
    }

    // How long each Retry-After makes the pipeline wait is pinned on the state machine with no
    // clock (`StateMachineTests.retryAfter`); here the header travels from the server to the policy.
    @Test("Retry-After: seconds and dates are honoured; past, malformed or too long ones are handled", arguments: [
        ("0.05", 2), ("Wed, 21 Oct 2015 07:28:00 GMT", 2), ("soon", 2), ("600", 1),
    ])
    func retryAfter(value: String, attempts: Int) async throws {
        let endpoint = try await makeEndpoint()
        let escaped = value.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? value
        let request = DefaultRequest<Data, String>(path: "status/503?retry_after=\(escaped)", method: .get)
        let info = await debugInfo(of: request.execute(on: endpoint).retry(RetryStrategy(retries: 1, delay: .constant(0.05))))
        #expect(info.attempts == attempts, "Retry-After \(value)")
    }

    @Test("Endpoint.retryingCount and retryOnFail(_:) set the configuration's count")
    func countsMapOntoConfiguration() async throws {
        let endpoint = try await makeEndpoint(retryingCount: 2)
        #expect(endpoint.retryStrategy.retries == 2)
        endpoint.retryStrategy = RetryStrategy(retries: 1, delay: .constant(0.01))
        #expect(endpoint.retryingCount == 1)
        let info = await debugInfo(of: DefaultRequest<Data, String>(path: "status/502", method: .get).execute(on: endpoint).retryOnFail(3))
        #expect(info.attempts == 4)
    }
}


@Suite("Retriers on server errors and on requests")
struct RetrierKindsTests {
    @Test("A server-error retrier reads the error body; a request retrier matches the request")
    func retriers() async throws {
        let endpoint = try await makeEndpoint(retryingCount: 1)
        endpoint.retryStrategy = RetryStrategy(retries: 1, delay: .constant(0.01))
        endpoint.requestRetrying.register(ServerErrorRetrier(APIError.self, converter: KeyPathResponseConverter(path: "error")) {
            $0.message == "busy, try again"
        })
        let busy = await debugInfo(of: DefaultRequest<Data, String>(
            path: "status/503", method: .post, queryParams: [("message", "busy, try again")]).execute(on: endpoint))
        #expect(busy.attempts == 2, "a POST is retried because the server's error said so")
        let other = await debugInfo(of: DefaultRequest<Data, String>(
            path: "status/503", method: .post, queryParams: [("message", "down for good")]).execute(on: endpoint))
        #expect(other.attempts == 1)

        endpoint.requestRetrying.removeAll()
        endpoint.requestRetrying.register(RequestMatchingRetrier { $0.url?.path == "/status/409" })
        let matching = await debugInfo(of: DefaultRequest<Data, String>(path: "status/409", method: .post).execute(on: endpoint))
        #expect(matching.attempts == 2)
        let notMatching = await debugInfo(of: DefaultRequest<Data, String>(path: "status/410", method: .post).execute(on: endpoint))
        #expect(notMatching.attempts == 1)
    }
}
