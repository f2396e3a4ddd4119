import Courier
import Foundation
import Synchronization

/// The endpoints of a session that sends many requests (the explorer): one per collection and
/// environment (and per base URL, transport and retry setting, which an endpoint holds), made on
/// first use and kept, so cookies and connections persist from one request to the next. Without
/// a pool every request gets an endpoint and a session of its own.
public final class EndpointPool: Sendable {
    /// What makes two requests share an endpoint.
    struct Key: Hashable, Sendable {
        let collection: URL
        let environment: String
        let base: URL
        let transport: TransportName
        let settings: TransportSettings
        let retries: Int
        /// Digest and AWS auth live in the endpoint's modifiers (Digest keeps its nonce there), so
        /// each set of credentials has an endpoint of its own; nil for auth sent as a header.
        let auth: AuthDefinition?
        /// The OAuth 2.0 configuration whose tokens authorize the endpoint's requests, if any.
        var authorization: String? = nil
    }

    private let endpoints = Mutex<[Key: Endpoint]>([:])

    public init() {}

    /// How many endpoints the pool holds.
    public var count: Int { endpoints.withLock { $0.count } }

    /// The endpoint for `key`, made by `make` the first time.
    func endpoint(for key: Key, make: () throws -> Endpoint) throws -> Endpoint {
        try endpoints.withLock { endpoints throws -> Endpoint in
            if let endpoint = endpoints[key] { return endpoint }
            let endpoint = try make()
            endpoints[key] = endpoint
            return endpoint
        }
    }
}

/// The pool a resolver takes its endpoints from, and the environment its requests run in.
public struct EndpointScope: Sendable {
    let pool: EndpointPool
    let environment: String

    /// - Parameters:
    ///   - pool: Where endpoints are kept between requests.
    ///   - environment: The selected environment's name (cookies of one never reach another).
    public init(pool: EndpointPool, environment: String?) {
        self.pool = pool
        self.environment = environment ?? ""
    }
}
