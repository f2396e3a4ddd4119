import Courier
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// What running a collection request produced.
public struct RunResult: Sendable {
    /// The final status, when the server answered.
    public let statusCode: Int?
    public let httpVersion: String
    /// Response headers sorted by name (URLSession does not keep their order).
    public let headers: [(String, String)]
    public let body: Data
    public let duration: TimeInterval
    /// A sentence for failures where no response arrived (refused, timeout, invalid request).
    public let failure: String?
    /// Why it failed, for exit codes.
    public let failureKind: FailureKind?
    /// The library's record of the exchange: the request as built, attempts, timings, the error.
    public let debug: DebugInfo
    /// The certificate and proxy settings it was sent with, one line each (`ResolvedConnection.lines`).
    public var connection: [String] = []

    public enum FailureKind: Sendable {
        case invalidRequest, transport, timedOut, cancelled
    }
}

/// Runs resolved requests through the Courier library.
public enum RequestRunner {
    /// Sends `request`, reporting progress, and returns what came back.
    public static func run(_ request: ResolvedRequest, progress: @escaping @Sendable (TransferProgress) -> Void = { _ in }) async -> RunResult {
        switch request {
        case .plain(let request, let endpoint): return await run(request, on: endpoint, progress: progress)
        case .multipart(let request, let endpoint): return await run(request, on: endpoint, progress: progress)
        }
    }

    private static func run<R: Request>(_ request: R, on endpoint: Endpoint,
                                        progress: @escaping @Sendable (TransferProgress) -> Void) async -> RunResult {
        // Runs in the calling task: cancelling it cancels the request, which then ends as `.cancelled`.
        let exchange = await request.exchange(on: endpoint, progress: progress)
        let info = exchange.debug
        let response: HTTPURLResponse?
        let body: Data
        var failure: String?
        var kind: RunResult.FailureKind?
        switch exchange.result {
        case .success(let sent):
            response = sent.response
            body = sent.data
        case .failure(let error):
            response = info.urlResponse
            body = info.dataResponse ?? Data()
            if response == nil {
                failure = error.description
                switch error {
                case .invalidRequest: kind = .invalidRequest
                case .timedOut: kind = .timedOut
                case .cancelled: kind = .cancelled
                default: kind = .transport
                }
            }
        }
        return RunResult(statusCode: response?.statusCode, httpVersion: "HTTP/1.1", headers: sortedHeaders(of: response), body: body,
                         duration: info.requestDuration, failure: failure, failureKind: kind, debug: info)
    }

    /// The headers of `response` sorted by name (URLSession does not keep their order).
    static func sortedHeaders(of response: HTTPURLResponse?) -> [(String, String)] {
        (response?.allHeaderFields ?? [:]).compactMap { key, value -> (String, String)? in
            guard let name = key as? String else { return nil }
            return (name, "\(value)")
        }.sorted { $0.0.lowercased() < $1.0.lowercased() }
    }
}
