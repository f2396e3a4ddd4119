/// Where `{{$demo}}` points: the built-in demo server, started on first use, or the URL the user
/// gave. The command line owns the server; the explorer only asks for its URL and stops it at exit.
public protocol DemoURLSource: Sendable {
    /// The demo server's base URL, starting the server if needed.
    func url() async throws -> String
    /// Stops a server that `url()` started.
    func stop() async
}
