import Foundation
import Synchronization
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A server and the settings shared by the requests sent to it: base URL, headers, decoder,
/// retries and the session that carries them.
///
/// ```swift
/// let endpoint = Endpoint(baseUrl: URL(string: "https://api.example.com/v1")!)
/// endpoint.headers.authToken = .bearer(token)
/// endpoint.useAsDefault()
/// ```
public final class Endpoint: Sendable {
    private struct Settings {
        var decoder: JSONDecoder?
        var responseQueue: DispatchQueue?
        var retry: RetryStrategy
        var headers: RequestHeaders
        var multipartSpoolThreshold: Int64 = 8 << 20
        var spoolDirectory = FileManager.default.temporaryDirectory
    }

    private static let defaultEndpoint = Mutex<Endpoint?>(nil)
    private let settings: Mutex<Settings>

    /// The endpoint requests use when they name none.
    public static var `default`: Endpoint? {
        get { defaultEndpoint.withLock { $0 } }
        set { defaultEndpoint.withLock { $0 = newValue } }
    }

    /// The URL request paths are resolved against.
    public let baseUrl: URL
    /// The configuration of the endpoint's session.
    public let sessionConfiguration: URLSessionConfiguration
    /// What sends the requests.
    public let transport: any Transport
    /// Observers of every request and response of this endpoint.
    public let observation = ObservationManager()
    /// Retriers consulted after a failed attempt, in addition to the built-in rules.
    public let requestRetrying = RequestRetryingManager()
    /// Adapters, response processors and error processors every request of this endpoint runs through.
    public let modifiers = RequestModifiers()
    /// The endpoint's cookies: kept from responses and sent back; its own jar unless one was
    /// given to share (or persist) it.
    public let cookies: CookieJar
    /// Where callbacks run when neither the operation nor the endpoint names a queue. Private and
    /// serial, never the main queue: on Linux the main queue does not run while a UI blocks in `getch`.
    let callbackQueue = DispatchQueue(label: "Courier.Endpoint.callbacks")

    /// The decoder requests use unless they bring their own.
    public var decoder: JSONDecoder? {
        get { settings.withLock { $0.decoder } }
        set { settings.withLock { $0.decoder = newValue } }
    }

    /// The queue callbacks run on unless an operation sets one with `response(on:)`.
    public var responseQueue: DispatchQueue? {
        get { settings.withLock { $0.responseQueue } }
        set { settings.withLock { $0.responseQueue = newValue } }
    }

    /// How many times a failed idempotent request is retried (transport failures, 5xx, 429):
    /// `retryStrategy.retries`.
    public var retryingCount: Int {
        get { settings.withLock { $0.retry.retries } }
        set { settings.withLock { $0.retry.retries = max(0, newValue) } }
    }

    /// How failed requests are retried unless an operation says otherwise.
    public var retryStrategy: RetryStrategy {
        get { settings.withLock { $0.retry } }
        set { settings.withLock { $0.retry = newValue } }
    }

    /// Multipart bodies larger than this many bytes (or of unknown size, from streams) are written
    /// to a temporary file and uploaded from it with an exact `Content-Length`; 8 MiB by default.
    public var multipartSpoolThreshold: Int64 {
        get { settings.withLock { $0.multipartSpoolThreshold } }
        set { settings.withLock { $0.multipartSpoolThreshold = max(0, newValue) } }
    }

    /// Where spooled multipart bodies are written; the system's temporary folder by default.
    public var spoolDirectory: URL {
        get { settings.withLock { $0.spoolDirectory } }
        set { settings.withLock { $0.spoolDirectory = newValue } }
    }

    /// Headers sent with every request; a request's own headers override them.
    public var headers: RequestHeaders {
        get { settings.withLock { $0.headers } }
        set { settings.withLock { $0.headers = newValue } }
    }

    /// Creates an endpoint with a `URLSessionTransport` built from `sessionConfiguration`.
    /// - Parameters:
    ///   - baseUrl: The URL request paths are resolved against.
    ///   - decoder: The default JSON decoder.
    ///   - responseQueue: The default callback queue.
    ///   - sessionConfiguration: Configuration of the endpoint's session.
    ///   - retryingCount: Retries of failed idempotent requests.
    ///   - headers: Headers sent with every request.
    public convenience init(
        baseUrl: URL,
        decoder: JSONDecoder? = nil,
        responseQueue: DispatchQueue? = nil,
        sessionConfiguration: URLSessionConfiguration = .default,
        retryingCount: Int = 1,
        headers: RequestHeaders = [:]
    ) {
        self.init(baseUrl: baseUrl, decoder: decoder, responseQueue: responseQueue, sessionConfiguration: sessionConfiguration,
                  retryingCount: retryingCount, headers: headers, transport: URLSessionTransport(configuration: sessionConfiguration))
    }

    /// Creates an endpoint that sends through `transport`, keeping cookies in `cookies` (a jar of
    /// its own by default).
    public init(
        baseUrl: URL,
        decoder: JSONDecoder? = nil,
        responseQueue: DispatchQueue? = nil,
        sessionConfiguration: URLSessionConfiguration = .default,
        retryingCount: Int = 1,
        headers: RequestHeaders = [:],
        transport: any Transport,
        cookies: CookieJar = CookieJar()
    ) {
        self.baseUrl = baseUrl
        self.cookies = cookies
        self.sessionConfiguration = sessionConfiguration
        self.transport = transport
        var retry = RetryStrategy.default
        retry.retries = max(0, retryingCount)
        settings = Mutex(Settings(decoder: decoder, responseQueue: responseQueue, retry: retry, headers: headers))
    }

    /// Makes this endpoint `Endpoint.default`.
    public func useAsDefault() {
        Endpoint.default = self
    }

    /// Starts `request` on this endpoint.
    public func execute<T: Request>(_ request: T) -> ExecutionOperation<T> {
        ExecutionOperation(request: request, endpoint: self)
    }

    /// The `URLRequest` Courier sends for `request`, built without any network access.
    /// - Throws: `RequestBuildError` for an invalid URL, an unencodable body or an unreadable file.
    public func makeURLRequest<T: Request>(for request: T) throws(RequestBuildError) -> URLRequest {
        try prepare(request).urlRequest
    }

    /// A shell command that sends `request` with `curl` exactly as Courier would, secrets included.
    /// - Throws: `RequestBuildError` when the request cannot be built.
    public func cURL<T: Request>(for request: T) throws(RequestBuildError) -> String {
        try cURLCommand(for: request).text()
    }

    /// The `curl` command for `request` as arguments, to print with real values or redacted
    /// (`text(redactedBy:)`).
    /// - Throws: `RequestBuildError` when the request cannot be built.
    public func cURLCommand<T: Request>(for request: T) throws(RequestBuildError) -> ShellCommand {
        try CURLCommand(prepared: cookies.attach(to: prepare(request)), behaviour: transport.behaviour).command
    }
}
