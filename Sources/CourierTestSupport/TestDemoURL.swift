import CourierCollections
import CourierExplorer

/// `{{$demo}}` in tests: the process's shared loopback demo server, which the tests stop never;
/// `{{$demo.https}}` and its kin: the shared `TestSecureServers`.
public struct TestDemoURL: DemoURLSource {
    public init() {}
    public func url() async throws -> String { try await TestServer.shared().url }
    public func secureSite() async throws -> DemoSecureSite {
        let servers = try await TestSecureServers.shared()
        return DemoSecureSite(https: servers.tls.url, mutualTLS: servers.mutualTLS.url, proxy: servers.proxy.url,
                              authority: servers.files.authority, clientCertificate: servers.files.clientCertificate,
                              clientKey: servers.files.clientKey)
    }
    public func stop() async {}
}
