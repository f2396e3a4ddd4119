import Courier
import Foundation
import Logging
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Logs every request an endpoint sends and how it ended, through swift-log (seed 001's loggers):
/// each attempt at `.debug`, a success at `.info`, a failure at `.error` with the sentence that
/// says why. Values of credential-bearing headers and query parameters (`SecretRedactor`'s rule)
/// and of headers named in `redactedHeaders` are never logged.
///
/// ```swift
/// endpoint.observation.register(LoggingObserver(logger: Logger(label: "api")))
/// ```
public struct LoggingObserver: RequestObserver {
    public let logger: Logger
    /// Headers whose values are replaced by `<redacted>`, on top of every credential-bearing one;
    /// compared without case.
    public let redactedHeaders: Set<String>

    public init(logger: Logger, redactedHeaders: Set<String> = ["authorization", "cookie", "proxy-authorization"]) {
        self.logger = logger
        self.redactedHeaders = Set(redactedHeaders.map { $0.lowercased() })
    }

    public func willSend(_ request: URLRequest, attempt: Int) {
        var metadata: Logger.Metadata = ["attempt": "\(attempt)"]
        for (name, value) in request.allHTTPHeaderFields ?? [:] {
            let secret = redactedHeaders.contains(name.lowercased()) || SecretRedactor.isCredential(name: name)
            metadata["header.\(name)"] = .string(secret ? "<redacted>" : value)
        }
        logger.debug("\(request.httpMethod ?? "GET") \(Self.url(request))", metadata: metadata)
    }

    public func didFinish(_ info: DebugInfo) {
        let target = "\(info.request.httpMethod ?? "GET") \(Self.url(info.request))"
        var metadata: Logger.Metadata = [
            "duration_ms": "\(Int((info.requestDuration * 1000).rounded()))",
            "attempts": "\(info.attempts)",
        ]
        if let status = info.statusCode { metadata["status"] = "\(status)" }
        if let bytes = info.dataResponse?.count { metadata["bytes"] = "\(bytes)" }
        if let error = info.errorResponse {
            logger.error("\(target) failed: \(error)", metadata: metadata)
        } else {
            logger.info("\(target) → \(info.statusCode.map(String.init) ?? "done")", metadata: metadata)
        }
    }

    /// The request's URL with credential-bearing query values and a password masked.
    private static func url(_ request: URLRequest) -> String {
        request.url.map { SecretRedactor().url($0.absoluteString) } ?? "(no URL)"
    }
}
