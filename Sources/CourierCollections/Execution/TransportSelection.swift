import Courier
import Foundation

/// The transports a request can be sent through (`transport:` in request files, environments and
/// `collection.yaml`, and `--transport`).
public enum TransportName: String, CaseIterable, Sendable, Hashable {
    /// Courier's `URLSessionTransport`, the library's default.
    case urlsession
    /// `AsyncHTTPClientTransport` (SwiftNIO), the app's default.
    case asynchttpclient

    /// The sentence for a `transport:` value that names no transport.
    static func problem(with text: String) -> String {
        "transport takes \(allCases.map(\.rawValue).joined(separator: " or ")), found '\(text)'"
    }
}

/// What a transport is made with: the request's redirect, certificate and proxy settings and the app's limits.
public struct TransportSettings: Sendable, Hashable {
    /// Whether redirects are followed.
    public var followsRedirects: Bool
    /// Whether credentials follow a redirect to another scheme, host or port.
    public var trustsRedirects: Bool
    /// Where large response bodies go; nil keeps them in memory.
    public var spooling: ResponseSpooling?
    /// The largest response body accepted (decoded), in bytes; nil for any size.
    public var maximumBodySize: Int?
    /// Certificate checks and the client certificate (AsyncHTTPClient only; the resolver refuses
    /// them for URLSession).
    public var tls: TLSSettings
    /// The proxies requests go through (AsyncHTTPClient only: under URLSession libcurl reads the
    /// environment's itself).
    public var proxies: ProxySettings
    /// `httpVersion: "1.1"`: never HTTP/2 (AsyncHTTPClient only; refused for URLSession).
    public var http1Only: Bool

    public init(followsRedirects: Bool = true, trustsRedirects: Bool = false, spooling: ResponseSpooling? = nil, maximumBodySize: Int? = nil,
                tls: TLSSettings = .standard, proxies: ProxySettings = .direct, http1Only: Bool = false) {
        self.followsRedirects = followsRedirects
        self.trustsRedirects = trustsRedirects
        self.spooling = spooling
        self.maximumBodySize = maximumBodySize
        self.tls = tls
        self.proxies = proxies
        self.http1Only = http1Only
    }
}

/// How the resolver picks and makes a request's transport. The app brings the AsyncHTTPClient
/// transport in through `make`, so this module needs only Courier.
public struct TransportSelection: Sendable {
    /// The transport when no flag and no file names one.
    public var standard: TransportName
    /// `--transport`: over every file.
    public var override: TransportName?
    /// The largest response body accepted (decoded), in bytes; nil for any size.
    public var maximumBodySize: Int?
    /// `--insecure`, `--cacert`, `--cert`, `--key`, `--proxy`, `--noproxy`: over every file.
    public var connection = ConnectionDefinition()
    /// Makes (or hands out a kept) transport; throws a sentence when it cannot honour `settings`.
    public var make: @Sendable (TransportName, TransportSettings) throws -> any Transport

    public init(standard: TransportName, override: TransportName? = nil, maximumBodySize: Int? = nil,
                make: @escaping @Sendable (TransportName, TransportSettings) throws -> any Transport) {
        self.standard = standard
        self.override = override
        self.maximumBodySize = maximumBodySize
        self.make = make
    }

    /// The library's: URLSession for every request, no size limit; a file that asks for
    /// AsyncHTTPClient is refused, since this module cannot make one.
    public static let library = TransportSelection(standard: .urlsession) { name, settings in
        guard name == .urlsession else {
            throw TransportChoiceError(description: "the \(name.rawValue) transport is not available here; only urlsession is")
        }
        return URLSessionTransport(followsRedirects: settings.followsRedirects, trustsRedirects: settings.trustsRedirects,
                                   spooling: settings.spooling, maximumBodySize: settings.maximumBodySize)
    }

    /// The transport for a request: `--transport`, else the request's `transport:`, the
    /// environment's, the nearest `collection.yaml`'s, else `standard`.
    func name(request: TransportName?, environment: TransportName?, collections: [TransportName?]) -> TransportName {
        override ?? request ?? environment ?? collections.last(where: { $0 != nil }).flatMap { $0 } ?? standard
    }
}

/// Why a transport cannot be used for a request, as a sentence.
public struct TransportChoiceError: Error, Sendable, CustomStringConvertible {
    public let description: String

    public init(description: String) { self.description = description }
}
