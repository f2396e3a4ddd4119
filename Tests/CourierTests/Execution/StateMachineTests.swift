@testable import Courier
import Foundation
import Testing

/// One scenario: a method, what the server does, a configuration, and the actions expected.
struct MachineCase: Sendable, CustomTestStringConvertible {
    let name: String
    let driver: StateMachineDriver
    let expected: [Step]

    var testDescription: String { name }

    init(_ name: String, _ expected: [Step], configure: (inout StateMachineDriver) -> Void = { _ in }) {
        var driver = StateMachineDriver()
        configure(&driver)
        self.name = name
        self.driver = driver
        self.expected = expected
    }
}

/// The attempt loop with no network and no clock: every path from the first adaptation to the
/// final action, as the sequence of actions the owner is asked to perform.
@Suite("Execution state machine")
struct StateMachineTests {
    /// One attempt that succeeds, fails for good, or is retried once.
    static let attempt: [Step] = [.adapt(1), .send(), .process()]
    static func retry(_ attempt: Int, after wait: Double) -> [Step] { [.wait(wait), .adapt(attempt), .send(), .process()] }

    static let statusesCases: [MachineCase] = [
        MachineCase("GET 200 decodes at once", attempt + [.decode(.value)]),
        MachineCase("GET 503 then 200: one pause, then the value", attempt + retry(2, after: 0.25) + [.decode(.value)]) {
            $0.replies = [.status(503), .status(200)]
        },
        MachineCase("GET 503 three times with 2 retries of 0.35 s: fractional pauses, the server's error", attempt
                    + retry(2, after: 0.35) + retry(3, after: 0.35) + [.decode(.serverError)]) {
            $0.replies = [.status(503)]
            $0.configuration = RetryStrategy(retries: 2, delay: .constant(0.35))
        },
        MachineCase("GET 404 asks the retriers, who decline", attempt + [.ask(.retriers), .decode(.serverError)]) {
            $0.replies = [.status(404)]
        },
        MachineCase("GET 409 asks the retriers, who allow one retry", attempt + [.ask(.retriers)] + retry(2, after: 0.25)
                    + [.decode(.serverError)]) {
            $0.replies = [.status(409)]
            $0.answers = [true]
        },
        MachineCase("POST 503 is not retried by the rules; the retriers decide", attempt + [.ask(.retriers), .decode(.serverError)]) {
            $0.method = .post
            $0.replies = [.status(503)]
        },
        MachineCase("POST 503 with retriesNonIdempotent retries", attempt + retry(2, after: 0.25) + [.decode(.value)]) {
            $0.method = .post
            $0.replies = [.status(503), .status(201)]
            $0.configuration.retriesNonIdempotent = true
        },
        MachineCase("PUT and DELETE are idempotent", attempt + retry(2, after: 0.25) + [.decode(.value)]) {
            $0.method = .delete
            $0.replies = [.status(502), .status(204)]
        },
        MachineCase("GET 503 with a predicate asks it instead of the rules", attempt + [.ask(.predicate), .decode(.serverError)]) {
            $0.replies = [.status(503)]
            $0.configuration.shouldRetry = { _ in false }
        },
        MachineCase("POST with a predicate that is not allowed non-idempotent retries gives up", attempt + [.decode(.serverError)]) {
            $0.method = .post
            $0.replies = [.status(503)]
            $0.configuration.shouldRetry = { _ in true }
        },
        MachineCase("GET 409 with a predicate that says yes", attempt + [.ask(.predicate)] + retry(2, after: 0.25) + [.decode(.value)]) {
            $0.replies = [.status(409), .status(200)]
            $0.answers = [true]
            $0.configuration.shouldRetry = { _ in true }
        },
        MachineCase("No retries left: retryOnFail(0)", attempt + [.decode(.serverError)]) {
            $0.replies = [.status(503)]
            $0.configuration.retries = 0
        },
        MachineCase("Exponential backoff: 0.1, 0.3, 0.9, capped at 1", attempt
                    + retry(2, after: 0.1) + retry(3, after: 0.3) + retry(4, after: 0.9) + retry(5, after: 1) + [.decode(.serverError)]) {
            $0.replies = [.status(500)]
            $0.configuration = RetryStrategy(retries: 4, delay: .exponential(base: 0.1, multiplier: 3, max: 1, jitter: 0))
        },
        MachineCase("Jitter adds a share of the wait", attempt + retry(2, after: 0.15) + [.decode(.value)]) {
            $0.replies = [.status(429), .status(200)]
            $0.configuration = RetryStrategy(retries: 1, delay: .exponential(base: 0.1, multiplier: 2, max: 1, jitter: 1))
            $0.jitterSample = 0.5
        },
    ]

    @Test("method × status × configuration → actions", arguments: statusesCases)
    func statuses(_ scenario: MachineCase) {
        #expect(scenario.driver.run().steps == scenario.expected)
    }

    static let failuresCases: [MachineCase] = [
        MachineCase("GET refused then 200: transport failures of idempotent methods retry",
                    [.adapt(1), .send(), .wait(0.25), .adapt(2), .send(), .process(), .decode(.value)]) {
            $0.replies = [.failure(.connectionRefused), .status(200)]
        },
        MachineCase("GET dropped twice with one retry: the transport error", [.adapt(1), .send(), .wait(0.25), .adapt(2), .send(),
                                                                              .finish(.transport)]) {
            $0.replies = [.failure(.connectionLost)]
        },
        MachineCase("POST refused asks the retriers", [.adapt(1), .send(), .ask(.retriers), .finish(.transport)]) {
            $0.method = .post
            $0.replies = [.failure(.connectionRefused)]
        },
        MachineCase("A timeout is never retried", [.adapt(1), .send(deadline: 0.5), .finish(.timedOut)]) {
            $0.timeout = 0.5
            $0.replies = [.timeout]
            $0.configuration.retries = 3
        },
        MachineCase("A cancelled transfer is never retried, whatever the predicate", [.adapt(1), .send(), .finish(.cancelled)]) {
            $0.replies = [.failure(.cancelled)]
            $0.configuration.shouldRetry = { _ in true }
        },
        MachineCase("A throwing adapter fails the request", [.adapt(1), .finish(.processing)]) { $0.adapterThrows = true },
        MachineCase("A throwing processor fails the request", attempt + [.finish(.processing)]) { $0.processorThrows = true },
    ]

    @Test("method × transport failure × configuration → actions", arguments: failuresCases)
    func failures(_ scenario: MachineCase) {
        #expect(scenario.driver.run().steps == scenario.expected)
    }

    static let retryAfterCases: [MachineCase] = [
        MachineCase("Retry-After in seconds, fractions kept", attempt + retry(2, after: 0.3) + [.decode(.value)]) {
            $0.replies = [.status(503, retryAfter: "0.3"), .status(200)]
        },
        MachineCase("Retry-After as a date 2 s ahead", attempt + retry(2, after: 2) + [.decode(.value)]) {
            $0.replies = [.status(503, retryAfter: "Tue, 14 Nov 2023 22:13:22 GMT"), .status(200)]
        },
        MachineCase("Retry-After as a past date: the configured delay", attempt + retry(2, after: 0.25) + [.decode(.value)]) {
            $0.replies = [.status(503, retryAfter: "Wed, 21 Oct 2015 07:28:00 GMT"), .status(200)]
        },
        MachineCase("Retry-After malformed: the configured delay", attempt + retry(2, after: 0.25) + [.decode(.value)]) {
            $0.replies = [.status(503, retryAfter: "soon"), .status(200)]
        },
        MachineCase("Retry-After beyond maximumRetryAfter: no wait, the server's error", attempt + [.decode(.serverError)]) {
            $0.replies = [.status(503, retryAfter: "600")]
        },
        MachineCase("Retry-After up to maximumRetryAfter is honoured", attempt + retry(2, after: 45) + [.decode(.value)]) {
            $0.replies = [.status(429, retryAfter: "45"), .status(200)]
            $0.configuration.maximumRetryAfter = 60
        },
    ]

    @Test("Retry-After × configuration → the wait", arguments: retryAfterCases)
    func retryAfter(_ scenario: MachineCase) {
        #expect(scenario.driver.run().steps == scenario.expected)
    }

    static let replaysCases: [MachineCase] = [
        MachineCase("401, refresh and replay once: the replay succeeds", attempt
                    + [.adapt(2, replay: true), .send(), .process(mayReplay: false), .decode(.value)]) {
            $0.replies = [.status(401), .status(200)]
            $0.replayAfter = [1]
        },
        MachineCase("A second 401 after the replay proceeds as the server's error: a refresh cannot loop", attempt
                    + [.adapt(2, replay: true), .send(), .process(mayReplay: false), .ask(.retriers), .decode(.serverError)]) {
            $0.replies = [.status(401)]
            $0.replayAfter = [1, 2]
            $0.configuration.retries = 2
        },
        MachineCase("A replay counts as an attempt: one retry is used by it", attempt
                    + [.adapt(2, replay: true), .send(), .process(mayReplay: false), .decode(.serverError)]) {
            $0.replies = [.status(401), .status(503)]
            $0.replayAfter = [1]
        },
        MachineCase("A retry after a replay is not a replay, and may not replay again", attempt
                    + [.adapt(2, replay: true), .send(), .process(mayReplay: false)] + [.wait(0.25), .adapt(3), .send(),
                                                                                       .process(mayReplay: false), .decode(.value)]) {
            $0.replies = [.status(401), .status(503), .status(200)]
            $0.replayAfter = [1]
            $0.configuration.retries = 2
        },
    ]

    @Test("401 refresh and replay", arguments: replaysCases)
    func replays(_ scenario: MachineCase) {
        #expect(scenario.driver.run().steps == scenario.expected)
    }

    static let cancellationsCases: [MachineCase] = [
        MachineCase("Cancelled before anything: nothing is sent", [.finish(.cancelled)]) { $0.cancelBeforeAction = 1 },
        MachineCase("Cancelled after adapting: nothing is sent", [.adapt(1), .finish(.cancelled)]) { $0.cancelBeforeAction = 2 },
        MachineCase("Cancelled when the response arrives: it is not processed", [.adapt(1), .send(), .finish(.cancelled)]) {
            $0.cancelBeforeAction = 3
        },
        MachineCase("Cancelled during the pause: no retry", attempt + [.wait(0.25), .finish(.cancelled)]) {
            $0.replies = [.status(503)]
            $0.cancelBeforeAction = 5
        },
        MachineCase("Cancelled while the retriers are asked: no retry", attempt + [.ask(.retriers), .finish(.cancelled)]) {
            $0.replies = [.status(409)]
            $0.answers = [true]
            $0.cancelBeforeAction = 5
        },
        MachineCase("Cancelled before the final decode wins over it", attempt + [.finish(.cancelled)]) {
            $0.cancelBeforeAction = 4
        },
    ]

    @Test("Cancellation at every step", arguments: cancellationsCases)
    func cancellations(_ scenario: MachineCase) {
        #expect(scenario.driver.run().steps == scenario.expected)
    }

    @Test("The retriers see the failed attempt: request, status, body, attempt; attempts count replays and retries")
    func retryContext() {
        var driver = StateMachineDriver()
        driver.replies = [.status(422)]
        driver.answers = [true, true]
        driver.configuration.retries = 3
        let (_, asked, attempts) = driver.run()
        #expect(asked.map(\.attempt) == [1, 2, 3])
        #expect(asked.map { $0.response?.statusCode } == [422, 422, 422])
        #expect(asked.map { $0.request.url?.path } == ["/attempt/1", "/attempt/2", "/attempt/3"])
        #expect(asked.first?.body == Data("status 422".utf8))
        #expect(attempts == 3)

        driver.replies = [.failure(.connectionRefused)]
        driver.method = .post
        driver.answers = []
        let refused = driver.run().asked
        #expect(refused.map { $0.error?.kind } == [.connectionRefused])
        #expect(refused.first?.response == nil)
    }
}
