import ArgumentParser
import CourierDemoServer
#if canImport(Glibc)
import Glibc
#endif

/// `courier demo-server`: the demo API in the foreground until Ctrl-C.
struct DemoServerCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "demo-server",
        abstract: "Run the built-in demo API on loopback until interrupted."
    )

    @Option(name: .long, help: "The port to listen on; 0 picks a free one.")
    var port: Int = 8080

    @Option(name: .long, help: "The address to bind.")
    var host: String = "127.0.0.1"

    func run() async throws {
        let server: DemoServer
        do {
            server = try await DemoServer.start(host: host, port: port)
        } catch {
            throw ValidationError("Could not listen on \(host):\(port): \(error). Is another server using the port? Try --port 0.")
        }
        print("Courier demo server listening on \(server.url)")
        print("Routes: \(server.url)/  ·  stop with Ctrl-C")
        fflush(nil)  // all streams: stdout is not concurrency-safe to name in Swift 6
        await server.waitUntilStopped()
    }
}
