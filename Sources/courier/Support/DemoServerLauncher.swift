import CourierDemoServer
import CourierExplorer
import Foundation

/// `{{$demo}}` for the CLI and the explorer: `COURIER_DEMO_URL` when set, otherwise the built-in
/// demo server, started on a free loopback port the first time a request needs it.
actor DemoServerLauncher: DemoURLSource {
    private var server: DemoServer?

    func url() async throws -> String {
        if let url = ProcessInfo.processInfo.environment["COURIER_DEMO_URL"], !url.isEmpty { return url }
        if let server { return server.url }
        do {
            let started = try await DemoServer.start()
            server = started
            return started.url
        } catch {
            throw CLIFailure.transport("the built-in demo server could not start: \(error)")
        }
    }

    /// The URL of the server this launcher started, nil when it started none (or used `COURIER_DEMO_URL`).
    var startedURL: String? { server?.url }

    func stop() async {
        await server?.stop()
        server = nil
    }
}
