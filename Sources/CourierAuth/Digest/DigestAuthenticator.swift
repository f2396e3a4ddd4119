import Courier
import Foundation
import Synchronization
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// HTTP Digest authentication (RFC 7616) in the request pipeline, over any transport: a 401 with
/// a `Digest` challenge is answered by sending the request again with `Authorization: Digest …`.
/// The server's nonce is kept per origin and counted (`nc`), so later requests answer it at once;
/// when the server says the nonce is `stale`, the request is sent again with the new one.
///
/// ```swift
/// endpoint.modifiers.add(interceptor: DigestAuthenticator(username: "ada", password: secret))
/// ```
///
/// `URLCredential` is not used: on Linux FoundationNetworking's challenge path for Digest hangs.
public final class DigestAuthenticator: Interceptor {
    private struct NonceUse {
        var challenge: DigestChallenge
        /// Requests that answered this nonce so far.
        var count: Int
    }

    public let username: String
    private let password: String
    /// The one algorithm to answer with; nil answers the strongest the server offers.
    public let algorithm: DigestAlgorithm?
    private let nonces = Mutex<[String: NonceUse]>([:])
    private let clientNonce: @Sendable () -> String

    /// - Parameters:
    ///   - username: The user name.
    ///   - password: The password; it never leaves the process, only hashes of it do.
    ///   - algorithm: Answer only challenges of this algorithm; nil takes the strongest offered.
    public convenience init(username: String, password: String, algorithm: DigestAlgorithm? = nil) {
        self.init(username: username, password: password, algorithm: algorithm, clientNonce: { DigestAuthenticator.randomNonce() })
    }

    /// As `init(username:password:algorithm:)`, with the client nonces given (for tests that check exact headers).
    public init(username: String, password: String, algorithm: DigestAlgorithm?, clientNonce: @escaping @Sendable () -> String) {
        self.username = username
        self.password = password
        self.algorithm = algorithm
        self.clientNonce = clientNonce
    }

    public func adapt(_ request: URLRequest, context: RequestContext) async throws -> URLRequest {
        guard context.requiresAuthentication, let url = request.url, let origin = Self.origin(of: url) else { return request }
        let use = nonces.withLock { nonces -> NonceUse? in
            nonces[origin]?.count += 1
            return nonces[origin]
        }
        guard let use else { return request }
        let answer = DigestResponse(username: username, password: password, challenge: use.challenge,
                                    method: request.httpMethod ?? "GET", uri: Self.target(of: url), nonceCount: use.count,
                                    clientNonce: clientNonce())
        var request = request
        request.setValue(answer.headerValue, forHTTPHeaderField: "Authorization")
        return request
    }

    public func process(_ response: TransportResponse, for request: URLRequest, context: RequestContext) async throws -> ResponseProcessingResult {
        guard response.response.statusCode == 401, context.requiresAuthentication, let url = request.url, let origin = Self.origin(of: url),
              let header = response.response.value(forHTTPHeaderField: "WWW-Authenticate") else { return .proceed(response) }
        let offered = DigestChallenge.parse(header).filter { algorithm == nil || $0.algorithm == algorithm }
        guard let challenge = offered.first else { return .proceed(response) }
        let answered = request.value(forHTTPHeaderField: "Authorization")?.lowercased().hasPrefix("digest ") == true
        // An answer refused for anything but an old nonce means wrong credentials: sending them again would not help.
        guard !answered || challenge.stale else {
            nonces.withLock { _ = $0.removeValue(forKey: origin) }
            return .proceed(response)
        }
        nonces.withLock { $0[origin] = NonceUse(challenge: challenge, count: 0) }
        return .replay
    }

    /// `scheme://host:port`: the nonce a server gave is answered on that server only.
    static func origin(of url: URL) -> String? {
        guard let scheme = url.scheme?.lowercased(), let host = url.host?.lowercased() else { return nil }
        return "\(scheme)://\(host):\(url.port ?? (scheme == "https" ? 443 : 80))"
    }

    /// The request target as the request line carries it: the encoded path and query.
    static func target(of url: URL) -> String {
        let components = URLComponents(url: url, resolvingAgainstBaseURL: false)
        let path = components?.percentEncodedPath ?? ""
        let query = components?.percentEncodedQuery.map { "?" + $0 } ?? ""
        return (path.isEmpty ? "/" : path) + query
    }

    /// 16 random bytes as hex.
    static func randomNonce() -> String {
        var generator = SystemRandomNumberGenerator()
        return (0..<16).map { _ in UInt8.random(in: 0...255, using: &generator) }.hexString
    }
}
