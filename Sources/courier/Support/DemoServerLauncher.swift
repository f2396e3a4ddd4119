import CourierDemoServer
import CourierExplorer
import Foundation

/// `{{$demo}}` for the CLI and the explorer: `COURIER_DEMO_URL` when set, otherwise the built-in
/// demo server, started on a free loopback port the first time a request needs it.
actor DemoServerLauncher: DemoURLSource {
    /// The server, started once: callers that arrive while it starts (`courier test --jobs`) wait for the same one.
    private var server: Task<DemoServer, any Error>?
    private var started: DemoServer?

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

    /// The URL of the server this launcher started, nil when it started none (or used `COURIER_DEMO_URL`).
    var startedURL: String? { started?.url }

    func stop() async {
        if let running = try? await server?.value { await running.stop() }
        server = nil
        started = nil
    }
}
