import Courier
import CourierTestSupport
import Foundation
import Testing
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Counts what an endpoint's observers see.
final class CountingObserver: RequestObserver {
    let sent = Recorder<Int>()
    let finished = Recorder<Int>()

    func willSend(_ request: URLRequest, attempt: Int) { sent.append(attempt) }
    func didFinish(_ info: DebugInfo) { finished.append(info.attempts) }
}

@Suite("Retries and observation")
struct RetryAndObservationTests {
    @Test("An idempotent request is retried on 503 up to the count, and observers see every attempt")
    func retriesIdempotent() async throws {
        let endpoint = try await makeEndpoint(retryingCount: 2)
        let observer = CountingObserver()
        endpoint.observation.register(observer)
        let result = await outcome(of: DefaultRequest<Data, String>(path: "status/503", method: .get).execute(on: endpoint))
        guard case .failure(let error) = result else {
            Issue.record("expected a 503 failure, got \(result)")
            return
        }
        #expect(error.statusCode == 503)
        #expect(observer.sent.values == [1, 2, 3])
        #expect(observer.finished.values == [3])
    }

    @Test("A POST is not retried unless a retrier allows it")
    func postNeedsRetrier() async throws {
        let endpoint = try await makeEndpoint(retryingCount: 1)
        let observer = CountingObserver()
        let token = endpoint.observation.register(observer)
        _ = await outcome(of: DefaultRequest<Data, String>(path: "status/503", method: .post, body: .string("x")).execute(on: endpoint))
        #expect(observer.finished.values == [1])

        endpoint.requestRetrying.register(StatusCodeRetrier(statusCodes: [409]))
        _ = await outcome(of: DefaultRequest<Data, String>(path: "status/409", method: .post, body: .string("x")).execute(on: endpoint))
        #expect(observer.finished.values == [1, 2])

        endpoint.observation.unregister(token)
        _ = await outcome(of: DefaultRequest<Data, String>(path: "status/409", method: .post).execute(on: endpoint))
        #expect(observer.finished.values == [1, 2])
    }

    @Test("A closure retrier sees the failed attempt's context")
    func closureRetrier() async throws {
        let endpoint = try await makeEndpoint(retryingCount: 3)
        let seen = Recorder<String>()
        endpoint.requestRetrying.register(ClosureRetrier { context in
            seen.append("\(context.attempt) \(context.response?.statusCode ?? 0) \(context.request.url?.path ?? "")")
            return context.attempt < 2
        })
        _ = await outcome(of: DefaultRequest<Data, String>(path: "status/422", method: .get).execute(on: endpoint))
        #expect(seen.values == ["1 422 /status/422", "2 422 /status/422"])
    }

    // The pause a Retry-After sets is pinned on the state machine (`StateMachineTests.retryAfter`).
    @Test("Retry-After sets the pause between attempts")
    func retryAfter() async throws {
        let endpoint = try await makeEndpoint(retryingCount: 1)
        let info = await debugInfo(of: DefaultRequest<Data, String>(
            path: "status/503", method: .get, queryParams: [("retry_after", "0.05")]).execute(on: endpoint))
        #expect(info.attempts == 2)
    }

    @Test("retryOnFail(0) turns the endpoint's retries off")
    func retryOff() async throws {
        let endpoint = try await makeEndpoint(retryingCount: 3)
        let info = await debugInfo(of: DefaultRequest<Data, String>(path: "status/502", method: .get).execute(on: endpoint).retryOnFail(0))
        #expect(info.attempts == 1)
    }

    @Test("Timeouts are not retried")
    func timeoutNotRetried() async throws {
        let endpoint = try await makeEndpoint(retryingCount: 3)
        let info = await debugInfo(of: DefaultRequest<Data, String>(path: "delay/2", method: .get, timeout: 0.3).execute(on: endpoint))
        #expect(info.attempts == 1)
        #expect((info.errorResponse as? ErrorResponse<String>)?.isTimedOut == true)
    }

    @Test("A fake transport plugs in through the transport seam")
    func fakeTransport() async throws {
        struct CannedTransport: Transport {
            func send(_ request: URLRequest, body: Data?, progress: (@Sendable (TransferProgress) -> Void)?) async throws(TransportError) -> TransportResponse {
                guard let url = request.url, let response = HTTPURLResponse(url: url, statusCode: 200, httpVersion: "HTTP/1.1",
                                                                           headerFields: ["Content-Type": "application/json"]) else {
                    throw TransportError(kind: .other, url: request.url, detail: "no URL")
                }
                progress?(TransferProgress(bytesReceived: 2, totalBytesToReceive: 2))
                return TransportResponse(response: response, data: Data(#"{"data":{"id":1,"name":"Fake","email":"f@x"}}"#.utf8))
            }
        }
        let endpoint = Endpoint(baseUrl: URL(string: "http://fake.invalid")!, transport: CannedTransport())
        let user = try await DefaultRequest<User, String>(path: "users/1", method: .get,
                                                          responseConverter: KeyPathResponseConverter(path: "data")).asyncExecute(on: endpoint)
        #expect(user.name == "Fake")
    }
}
