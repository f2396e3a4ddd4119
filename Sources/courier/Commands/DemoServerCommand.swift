import ArgumentParser
import CourierDemoServer
import Dispatch
import Foundation
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

    @Option(name: .long, help: "Also serve the demo API over HTTPS on this port (0 picks a free one), with a certificate authority made at start-up.")
    var tlsPort: Int?

    @Option(name: .long, help: "Also run a forward proxy (absolute-URI requests, CONNECT and SOCKS5 tunnels) on this port; 0 picks a free one.")
    var proxyPort: Int?

    @Option(name: .long, help: ArgumentHelp("Where --tls-port writes ca.pem, client.pem and client-key.pem (default: a new temporary folder).", valueName: "folder"))
    var certificates: String?

    func run() async throws {
        for (name, value) in [("--port", port), ("--tls-port", tlsPort), ("--proxy-port", proxyPort)] {
            guard let value, !(0...65535).contains(value) else { continue }
            throw CLIFailure.usage("\(name) must be between 0 and 65535, got \(value).")
        }
        let server = try await listen(port) { try await DemoServer.start(host: host, port: port) }
        var secure: DemoServer?
        if let tlsPort { secure = try await startTLS(on: tlsPort) }
        var proxy: DemoProxy?
        if let proxyPort { proxy = try await listen(proxyPort, flag: "--proxy-port") { try await DemoProxy.start(host: host, port: proxyPort) } }
        let (tlsServer, proxyServer) = (secure, proxy)
        let stopping = StopSignals.install {
            await server.stop()
            await tlsServer?.stop()
            await proxyServer?.stop()
        }
        print("Courier demo server listening on \(server.url)")
        if let secure { print("  and on \(secure.url) (HTTPS)") }
        if let proxy { print("Forward proxy on \(proxy.url)") }
        print("Routes: \(server.url)/  ·  stop with Ctrl-C")
        fflush(nil)  // all streams: naming stdout is not concurrency-safe in Swift 6
        await server.waitUntilStopped()
        withExtendedLifetime(stopping) {}
        print("Demo server stopped.")
    }

    /// Starts a listener, turning a port that cannot be bound into a usage error.
    private func listen<T>(_ port: Int, flag: String = "--port", _ start: () async throws -> T) async throws -> T {
        do {
            return try await start()
        } catch {
            throw CLIFailure.usage("Could not listen on \(host):\(port) (\(error)). Is another program using the port? Try \(flag) 0.")
        }
    }

    /// The HTTPS listener, its authority and a client certificate written where clients find them.
    private func startTLS(on port: Int) async throws -> DemoServer {
        let made = try DemoCertificates.make()
        let folder = certificates.map { URL(fileURLWithPath: $0) }
            ?? FileManager.default.temporaryDirectory.appendingPathComponent("courier-demo-tls-\(UUID().uuidString)")
        let files = try made.writeClientFiles(to: folder)
        let server = try await listen(port, flag: "--tls-port") { try await DemoServer.start(host: host, port: port, tls: DemoServerTLS(certificates: made)) }
        print("HTTPS certificate authority: \(files.authority) (--cacert); client certificate: \(files.clientCertificate), key: \(files.clientKey)")
        return server
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
