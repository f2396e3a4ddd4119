@testable import Courier
import CourierTestSupport
import Foundation
import Synchronization
import Testing
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// `URLSessionTransport` takes its delegate's events on the session's work queue
/// (`InlineDelegateQueue`); cancelling must then never wait for that queue.
@Suite("URLSessionTransport delivery on the session's work queue")
struct InlineDelegateQueueTests {
    @Test("An operation runs before addOperation returns, on the caller's thread")
    func runsInline() {
        let queue = InlineDelegateQueue()
        let ran = Mutex(false)
        queue.addOperation { ran.withLock { $0 = true } }
        #expect(ran.withLock { $0 })
        #expect(queue.maxConcurrentOperationCount == 1)
    }

    @Test("Cancelling requests as their responses complete ends each one, and the session still works")
    func cancellationRacingCompletion() async throws {
        // Each request is cancelled somewhere between before its send and after its answer, so
        // some cancellations land while the work queue resumes the request.
        try await race { endpoint, index in
            let request = Task { () async throws(ErrorResponse<APIError>) -> Envelope<User> in
                try await UserRequest(path: "users/\(index % 12 + 1)", method: .get).asyncExecute(on: endpoint)
            }
            try? await Task.sleep(for: .microseconds(index * 50))
            request.cancel()
            return Outcome(await request.result, id: index % 12 + 1)
        }
    }

    @Test("Deadlines racing completion time out or answer, and the session still works")
    func deadlinesRacingCompletion() async throws {
        // Deadlines of 0.5 to 4 ms, about as long as a loopback exchange.
        try await race { endpoint, index in
            let request = UserRequest(path: "users/\(index % 12 + 1)", method: .get, timeout: 0.0005 * Double(index % 8 + 1))
            let result: Result<Envelope<User>, any Error>
            do {
                result = .success(try await request.asyncExecute(on: endpoint))
            } catch {
                result = .failure(error)
            }
            return Outcome(result, id: index % 12 + 1)
        }
    }

    /// Sends 64 requests at once through `send`, each ending as `send` says; every one must end
    /// (answered, cancelled or timed out) within a minute, and the session must answer afterwards.
    private func race(_ send: @escaping @Sendable (Endpoint, Int) async -> Outcome) async throws {
        try await ExclusiveTime.run {
            let endpoint = try await makeEndpoint()
            let outcomes = try await withinDeadline(seconds: 60) {
                await withTaskGroup(of: Outcome.self) { group in
                    for index in 0..<64 { group.addTask { await send(endpoint, index) } }
                    return await group.reduce(into: [Outcome]()) { $0.append($1) }
                }
            }
            #expect(outcomes.count == 64)
            #expect(outcomes.allSatisfy { $0 != .unexpected }, "\(outcomes)")
            let user = try await UserRequest(path: "users/3", method: .get).asyncExecute(on: endpoint)
            #expect(user.data.id == 3)
        }
    }

    /// How one raced request ended.
    enum Outcome: Equatable, Sendable {
        case answered
        case cancelled
        case timedOut
        case unexpected

        init(_ result: Result<Envelope<User>, any Error>, id: Int) {
            switch result {
            case .success(let envelope): self = envelope.data.id == id ? .answered : .unexpected
            case .failure(let error as ErrorResponse<APIError>) where error.isCancelled: self = .cancelled
            case .failure(let error as ErrorResponse<APIError>):
                if case .timedOut = error { self = .timedOut } else { self = .unexpected }
            case .failure: self = .unexpected
            }
        }
    }

    /// Runs `work`, failing the test instead of hanging when it takes longer than `seconds`: a
    /// stuck work queue never answers cancellation, so `work` is raced, not awaited.
    private func withinDeadline<T: Sendable>(seconds: Int, _ work: @escaping @Sendable () async -> T) async throws -> T {
        try await withCheckedThrowingContinuation { continuation in
            let once = Once()
            Task {
                let value = await work()
                if once.claim() { continuation.resume(returning: value) }
            }
            Task {
                try? await Task.sleep(for: .seconds(seconds))
                if once.claim() { continuation.resume(throwing: DeadlineExceeded(seconds: seconds)) }
            }
        }
    }

    struct DeadlineExceeded: Error, CustomStringConvertible {
        let seconds: Int
        var description: String { "the requests did not all end within \(seconds) s: the session's work queue is stuck" }
    }
}
