import CourierCollections
import CourierDemoServer
import CourierExplorer
import Foundation

/// `{{$demo}}` for the CLI and the explorer: `COURIER_DEMO_URL` when set, otherwise the built-in
/// demo server, started on a free loopback port the first time a request needs it; and
/// `{{$demo.https}}` and its kin: its HTTPS listeners and proxy, started the same way.
actor DemoServerLauncher: DemoURLSource {
    /// The server, started once: callers that arrive while it starts (`courier test --jobs`) wait for the same one.
    private var server: Task<DemoServer, any Error>?
    private var started: DemoServer?
    private var secure: Task<DemoSecureListeners, any Error>?

    func url() async throws -> String {
        if let url = ProcessInfo.processInfo.environment["COURIER_DEMO_URL"], !url.isEmpty { return url }
        let starting = server ?? Task { try await DemoServer.start() }
        server = starting
        do {
            let running = try await starting.value
            started = running
            return running.url
        } catch {
            server = nil
            throw CLIFailure.transport("the built-in demo server could not start: \(error)")
        }
    }

    func secureSite() async throws -> DemoSecureSite {
        let starting = secure ?? Task { try await DemoSecureListeners.start() }
        secure = starting
        do {
            let listeners = try await starting.value
            return DemoSecureSite(https: listeners.tls.url, mutualTLS: listeners.mutualTLS.url, proxy: listeners.proxy.url,
                                  authority: listeners.files.authority, clientCertificate: listeners.files.clientCertificate,
                                  clientKey: listeners.files.clientKey)
        } catch {
            secure = nil
            throw CLIFailure.transport("the built-in demo server's HTTPS listeners could not start: \(error)")
        }
    }

    /// Whether `secureSite()` started the HTTPS listeners and proxy for this command.
    var startedSecure: Bool { secure != nil }

    /// The URL of the server this launcher started, nil when it started none (or used `COURIER_DEMO_URL`).
    var startedURL: String? { started?.url }

    func stop() async {
        if let running = try? await server?.value { await running.stop() }
        if let listeners = try? await secure?.value { await listeners.stop() }
        server = nil
        secure = nil
        started = nil
    }
}
