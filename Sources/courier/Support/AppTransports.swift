import Courier
import CourierAsyncHTTPClient
import CourierCollections
import Synchronization

/// The transports the CLI and the explorer send through. AsyncHTTPClient is the default because
/// FoundationNetworking kills the process when a connection closes in the middle of the response
/// headers (LINUX-URLSESSION.md, L15), which nothing in-process can catch; URLSession stays
/// available with `--transport urlsession` or `transport: urlsession`. One transport per setting
/// is made on first use and kept for the run; `shutdown()` closes them all.
final class AppTransports: Sendable {
    private struct Key: Hashable {
        let name: TransportName
        let settings: TransportSettings
    }

    /// Bodies up to 4 GB, so gigabyte transfers work and a gzip bomb or an endless body does not
    /// take the machine with it.
    static let standardMaximumBodySize = 4_000_000_000

    private let made = Mutex<[Key: any Transport]>([:])

    /// How requests pick their transport: `override` (`--transport`) over the files, AsyncHTTPClient
    /// when nothing names one; bodies past `maximumBodySize` are stopped.
    func selection(override: TransportName?, maximumBodySize: Int?) -> TransportSelection {
        TransportSelection(standard: .asynchttpclient, override: override, maximumBodySize: maximumBodySize) { name, settings in
            try self.transport(name, settings: settings)
        }
    }

    /// - Throws: `TLSSettingsError` naming a certificate or key file that cannot be used.
    private func transport(_ name: TransportName, settings: TransportSettings) throws -> any Transport {
        try made.withLock { made in
            let key = Key(name: name, settings: settings)
            if let transport = made[key] { return transport }
            let transport: any Transport = switch name {
            case .urlsession:
                URLSessionTransport(followsRedirects: settings.followsRedirects, trustsRedirects: settings.trustsRedirects,
                                    spooling: settings.spooling, maximumBodySize: settings.maximumBodySize)
            case .asynchttpclient:
                try AsyncHTTPClientTransport(followsRedirects: settings.followsRedirects, trustsRedirects: settings.trustsRedirects,
                                             spooling: settings.spooling, maximumBodySize: settings.maximumBodySize,
                                             tls: settings.tls, proxies: settings.proxies, http1Only: settings.http1Only)
            }
            made[key] = transport
            return transport
        }
    }

    /// A command that fails before `shutdown()` lets go of its transports here: an AsyncHTTPClient
    /// released while running stops a debug build, so they are shut down by a task that holds
    /// them until done (the process may exit first, which needs nothing).
    deinit {
        let left = made.withLock { Array($0.values) }
        guard !left.isEmpty else { return }
        Task { for case let transport as AsyncHTTPClientTransport in left { try? await transport.shutdown() } }
    }

    /// Shuts every AsyncHTTPClient transport down (its connections close; the shared event loops
    /// stay for the process); URLSession transports end with their last reference.
    func shutdown() async {
        let transports = made.withLock { made in
            defer { made = [:] }
            return Array(made.values)
        }
        for case let transport as AsyncHTTPClientTransport in transports { try? await transport.shutdown() }
    }
}
