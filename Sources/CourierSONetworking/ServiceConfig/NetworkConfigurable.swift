import Foundation

/// The settings every request of a service shares: the base URL paths are resolved against, and
/// headers and query parameters added to each request (a request's own values win).
///
/// ```swift
/// let config = ApiDataNetworkConfig(baseURL: URL(string: "https://api.example.com/v1")!,
///                                   headers: ["X-Client": "ios"], queryParameters: ["lang": "en"])
/// ```
///
/// Conforming types are `Sendable`: the network service reads them from the thread a response
/// arrives on. A struct of lets is.
public protocol NetworkConfigurable: Sendable {
    /// The URL request paths are resolved against.
    var baseURL: URL { get }
    /// Headers sent with every request.
    var headers: [String: String] { get }
    /// Query parameters sent with every request.
    var queryParameters: [String: String] { get }
}

/// The ready-made `NetworkConfigurable`: values given once.
public struct ApiDataNetworkConfig: NetworkConfigurable {
    public let baseURL: URL
    public let headers: [String: String]
    public let queryParameters: [String: String]

    /// Creates a configuration; headers and query parameters are empty unless given.
    public init(baseURL: URL, headers: [String: String] = [:], queryParameters: [String: String] = [:]) {
        self.baseURL = baseURL
        self.headers = headers
        self.queryParameters = queryParameters
    }
}
