import ArgumentParser
import CourierDemoServer
import Dispatch
#if canImport(Glibc)
import Glibc
#endif

/// `courier demo-server`: the demo API in the foreground until Ctrl-C or SIGTERM.
struct DemoServerCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "demo-server",
        abstract: "Run the built-in demo API on loopback until interrupted.",
        discussion: """
        Other courier commands start a demo server of their own for {{$demo}}, on a free port, and stop it when \
        they exit, so a command printed by `courier curl` cannot reach it afterwards. Keep this one running \
        and point them at it:

          courier demo-server --port 8080
          export COURIER_DEMO_URL=http://127.0.0.1:8080
          courier curl Demo/users/list-users | sh
        """
    )

    @Option(name: .long, help: "The port to listen on; 0 picks a free one.")
    var port: Int = 8080

    @Option(name: .long, help: "The address to bind.")
    var host: String = "127.0.0.1"

    func run() async throws {
        guard (0...65535).contains(port) else {
            throw CLIFailure.usage("--port must be between 0 and 65535, got \(port).")
        }
        let server: DemoServer
        do {
            server = try await DemoServer.start(host: host, port: port)
        } catch {
            throw CLIFailure.usage("Could not listen on \(host):\(port) (\(error)). Is another program using the port? Try --port 0.")
        }
        let stopping = StopSignals.install { await server.stop() }
        print("Courier demo server listening on \(server.url)")
        print("Routes: \(server.url)/  ·  stop with Ctrl-C")
        fflush(nil)  // all streams: naming stdout is not concurrency-safe in Swift 6
        await server.waitUntilStopped()
        withExtendedLifetime(stopping) {}
        print("Demo server stopped.")
    }
}

/// Turns SIGINT and SIGTERM into a graceful stop.
enum StopSignals {
    /// Installs handlers that run `stop` once; keep the returned sources alive.
    static func install(_ stop: @escaping @Sendable () async -> Void) -> [any DispatchSourceSignal] {
        [SIGINT, SIGTERM].map { number in
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler { Task { await stop() } }
            source.resume()
            return source
        }
    }
}
