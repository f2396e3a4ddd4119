import Courier
import CourierAsyncHTTPClient
import CourierSONetworking
import CourierTestSupport
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Testing

// The core's cancellation, retry and progress scenarios (Tests/CourierTests: LinuxBehaviourTests,
// RetryAndObservationTests, TransportParityTests) through the SONetworking facade, over both
// transports. This file configures the pipeline, so it imports Courier as well: the two modules
// both name an `Endpoint`, so the facade's is written `SOEndpoint` here.

private typealias SOEndpoint<R> = CourierSONetworking.Endpoint<R>

/// Records what the pipeline's observers see: each attempt, and the debug record at the end.
private final class PipelineWatcher: RequestObserver {
    let attempts = Collected<Int>()
    let finished = Collected<DebugInfo>()
    func willSend(_ request: URLRequest, attempt: Int) { attempts.append(attempt) }
    func didFinish(_ info: DebugInfo) { finished.append(info) }
}

/// The facade over one transport, with a watcher on its pipeline.
private struct Harness {
    let manager: DefaultNetworkSessionManager
    let watcher = PipelineWatcher()
    let service: DefaultDataTransferService
    let network: DefaultNetworkService

    init(pipeline: Courier.Endpoint, config: ApiDataNetworkConfig) {
        manager = DefaultNetworkSessionManager(pipeline: pipeline)
        network = DefaultNetworkService(config: config, sessionManager: manager)
        service = DefaultDataTransferService(with: network)
        pipeline.observation.register(watcher)
    }

    /// Cancels `cancellable` a moment after its first attempt went out, from another task.
    func cancelAfterFirstAttempt(_ cancellable: NetworkCancellable?) {
        Task {
            while watcher.attempts.values.isEmpty { try await Task.sleep(for: .milliseconds(10)) }
            try await Task.sleep(for: .milliseconds(300))
            cancellable?.cancel()
        }
    }
}

/// The transports the facade runs over.
enum FacadeTransport: String, CaseIterable, Sendable, CustomTestStringConvertible {
    case urlSession, asyncHTTPClient

    var testDescription: String { rawValue }

    /// Runs `body` with a harness on the shared server, shutting the transport down after.
    fileprivate func run(retries: Int = 0, _ body: (Harness) async throws -> Void) async throws {
        let config = try await demoConfig()
        switch self {
        case .urlSession:
            try await body(Harness(pipeline: Courier.Endpoint(baseUrl: config.baseURL, retryingCount: retries), config: config))
        case .asyncHTTPClient:
            let transport = AsyncHTTPClientTransport()
            let pipeline = Courier.Endpoint(baseUrl: config.baseURL, retryingCount: retries, transport: transport)
            do {
                try await body(Harness(pipeline: pipeline, config: config))
            } catch {
                try await transport.shutdown()
                throw error
            }
            try await transport.shutdown()
        }
    }
}

@Suite("Seed 001 facade: the core's scenarios")
struct PipelineScenarioTests {
    @Test("Cancellation: cancel() ends a request in flight as .cancelled, once, never retried", arguments: FacadeTransport.allCases)
    func cancelInFlight(transport: FacadeTransport) async throws {
        try await ExclusiveTime.run {
            try await transport.run(retries: 3) { harness in
                let result: Result<Void, DataTransferError> = await completion { done in
                    harness.cancelAfterFirstAttempt(harness.service.request(with: SOEndpoint<Void>(path: "delay/30", method: .get), completion: done))
                }
                guard case .failure(.networkFailure(.cancelled)) = result else {
                    Issue.record("expected .cancelled, got \(result)")
                    return
                }
                #expect(harness.watcher.attempts.values == [1])
                #expect(harness.watcher.finished.values.map(\.attempts) == [1])
            }
        }
    }

    @Test("Cancellation during the pause before a retry: no further attempt", arguments: FacadeTransport.allCases)
    func cancelDuringBackoff(transport: FacadeTransport) async throws {
        try await transport.run { harness in
            harness.manager.pipeline.retryStrategy = RetryStrategy(retries: 3, delay: .constant(30))
            // The 503 comes back at once; the pipeline then pauses for 30 s, and is cancelled in the pause.
            let result: Result<Void, DataTransferError> = await completion { done in
                harness.cancelAfterFirstAttempt(harness.service.request(with: SOEndpoint<Void>(path: "status/503", method: .get), completion: done))
            }
            guard case .failure(.networkFailure(.cancelled)) = result else {
                Issue.record("expected .cancelled, got \(result)")
                return
            }
            #expect(harness.watcher.attempts.values == [1])
        }
    }

    @Test("Retries: an idempotent request is retried up to the count, a POST is not; Courier's default is one retry",
          arguments: FacadeTransport.allCases)
    func retries(transport: FacadeTransport) async throws {
        try await transport.run { harness in
            harness.manager.pipeline.retryStrategy = RetryStrategy(retries: 2, delay: .constant(0.01))
            let get: Result<Void, DataTransferError> = await completion {
                harness.service.request(with: SOEndpoint<Void>(path: "status/503", method: .get), completion: $0)
            }
            guard case .failure(.networkFailure(let error)) = get else {
                Issue.record("a 503 must fail, got \(get)")
                return
            }
            #expect(error.hasStatusCode(503))
            #expect(harness.watcher.attempts.values == [1, 2, 3])

            let post: Result<Void, DataTransferError> = await completion {
                harness.service.request(with: SOEndpoint<Void>(path: "status/503", method: .post), completion: $0)
            }
            #expect((try? post.get()) == nil)
            #expect(harness.watcher.finished.values.map(\.attempts) == [3, 1])
        }
        #expect(DefaultNetworkSessionManager().pipeline.retryStrategy.retries == 1)
    }

    @Test("Progress: a download reports several rising fractions ending at 1; an upload reports its bytes going out",
          arguments: FacadeTransport.allCases)
    func progress(transport: FacadeTransport) async throws {
        try await transport.run { harness in
            let fractions = Collected<Double>()
            let bytes = try await completion {
                harness.service.request(with: SOEndpoint<Data>(path: "bytes/400000", method: .get, responseDecoder: RawDataResponseDecoder()),
                                        progress: { fractions.append($0) }, completion: $0)
            }.get()
            #expect(bytes.count == 400_000)
            // The last callbacks are queued before the completion on the same serial queue.
            #expect(fractions.values.count >= 3, "expected several progress callbacks, got \(fractions.values)")
            #expect(fractions.values == fractions.values.sorted(), "progress must never go backwards")
            #expect(fractions.values.last == 1)

            let upload = Collected<Double>()
            let echo = try await completion {
                harness.service.request(with: SOEndpoint<Echo>(path: "echo", method: .post, bodyParamaters: ["blob": String(repeating: "x", count: 1_000_000)]),
                                        progress: { upload.append($0) }, completion: $0)
            }.get()
            #expect(echo.bodySize > 1_000_000)
            #expect(upload.values.contains { $0 > 0 && $0 < 1 }, "\(upload.values)")
            #expect(upload.values.last == 1)
        }
    }

    @Test("The pipeline applies: observers and DebugInfo, cURL, cookies, adapters, the response queue, timeouts, a dropped connection",
          arguments: FacadeTransport.allCases)
    func pipelineApplies(transport: FacadeTransport) async throws {
        try await transport.run { harness in
            let pipeline = harness.manager.pipeline
            pipeline.modifiers.add(adapter: ClosureAdapter { request, _ in
                var request = request
                request.setValue("yes", forHTTPHeaderField: "X-Adapted")
                return request
            })
            let queue = DispatchQueue(label: "so.responses")
            let key = DispatchSpecificKey<String>()
            queue.setSpecific(key: key, value: "chosen")
            pipeline.responseQueue = queue

            let seenOn = Collected<String?>()
            let echo = try await completion { done in
                harness.service.request(with: SOEndpoint<Echo>(path: "echo/pipeline", method: .get, headerParamaters: ["X-Client": "seed"])) {
                    seenOn.append(DispatchQueue.getSpecific(key: key))
                    done($0)
                }
            }.get()
            #expect(echo.header("X-Adapted") == "yes" && echo.header("X-Client") == "seed")
            #expect(seenOn.values == ["chosen"])
            let info = try #require(harness.watcher.finished.values.last)
            #expect(info.statusCode == 200 && info.attempts == 1)
            #expect(info.cURL?.contains("/echo/pipeline") == true)

            let request = try SOEndpoint<Void>(path: "echo", method: .post, headerParamaters: ["X-Client": "seed"], bodyParamaters: ["a": 1])
                .urlRequest(with: try await demoConfig())
            let curl = try harness.manager.cURL(for: request)
            #expect(curl.contains("-H 'X-Client: seed'") && curl.contains(#"{"a":1}"#), "\(curl)")

            _ = try await completion { harness.service.request(with: SOEndpoint<Void>(path: "cookies/set", method: .get,
                                                                                      queryParameters: ["flavour": "oat"]), completion: $0) }.get()
            let cookies = try await completion {
                harness.service.request(with: SOEndpoint<DataEnvelope<[String: String]>>(path: "cookies", method: .get), completion: $0)
            }.get()
            #expect(cookies.data["flavour"] == "oat")

            var slow = try SOEndpoint<Void>(path: "delay/12", method: .get).urlRequest(with: try await demoConfig())
            slow.timeoutInterval = 0.4
            let timedOut: String? = await completion { done in
                harness.manager.request(slow) { _, response, error in done(response == nil ? error.map { "\($0)" } : "a response") }
            }
            #expect(timedOut?.contains("did not answer in time") == true, "\(String(describing: timedOut))")

            let dropped: Result<Data, DataTransferError> = await completion {
                harness.service.request(with: SOEndpoint<Data>(path: "drop", method: .get, responseDecoder: RawDataResponseDecoder()), completion: $0)
            }
            guard case .failure(.networkFailure(.generic(let failure))) = dropped else {
                Issue.record("expected a transport failure, got \(dropped)")
                return
            }
            #expect("\(failure)".contains("was lost before the response was complete"), "\(failure)")
        }
    }
}
