import Courier
import Foundation
import Logging
import Synchronization
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Logs what a network service sends and receives, and its errors, while `logEnabled`.
public protocol NetworkErrorLogger: Sendable {
    /// Whether anything is logged; the network service checks it before every call.
    var logEnabled: Bool { get set }
    /// Logs a request about to be sent.
    func log(request: URLRequest)
    /// Logs a response and its body.
    func log(responseData data: Data?, response: URLResponse?)
    /// Logs a failure.
    func log(error: Error)
}

/// Writes to swift-log: requests and responses at `.debug` (response bodies at `.trace`), errors at
/// `.error`. Values of credential-bearing headers and query parameters (`Authorization`,
/// `Cookie`, `token`, …) are masked (`SecretRedactor`'s rule).
///
/// ```swift
/// let logger = DefaultNetworkErrorLogger(logger: Logger(label: "api"))
/// logger.logEnabled = false
/// ```
public final class DefaultNetworkErrorLogger: NetworkErrorLogger {
    /// Where the lines go.
    public let logger: Logger
    private let enabled: Mutex<Bool>

    /// Creates a logger writing to `logger`.
    public init(logger: Logger = Logger(label: "CourierSONetworking"), logEnabled: Bool = true) {
        self.logger = logger
        enabled = Mutex(logEnabled)
    }

    public var logEnabled: Bool {
        get { enabled.withLock { $0 } }
        set { enabled.withLock { $0 = newValue } }
    }

    public func log(request: URLRequest) {
        guard logEnabled else { return }
        var metadata: Logger.Metadata = [:]
        let redactor = SecretRedactor()
        for (name, value) in request.allHTTPHeaderFields ?? [:] {
            metadata["header.\(name)"] = .string(redactor.header(name, value: value))
        }
        if let body = request.httpBody { metadata["body_bytes"] = "\(body.count)" }
        logger.debug("→ \(request.httpMethod ?? "GET") \(Self.url(request.url))", metadata: metadata)
    }

    public func log(responseData data: Data?, response: URLResponse?) {
        guard logEnabled else { return }
        let status = (response as? HTTPURLResponse).map { "\($0.statusCode)" } ?? "no status"
        logger.debug("← \(status) \(Self.url(response?.url))", metadata: ["bytes": "\(data?.count ?? 0)"])
        if let data, !data.isEmpty {
            logger.trace("body", metadata: ["body": .string(String(decoding: data.prefix(4096), as: UTF8.self))])
        }
    }

    public func log(error: Error) {
        guard logEnabled else { return }
        logger.error("\(error)")
    }

    private static func url(_ url: URL?) -> String {
        url.map { SecretRedactor().url($0.absoluteString) } ?? "(no URL)"
    }
}
