import CourierCollections

/// Where `{{$demo}}` points: the built-in demo server, started on first use, or the URL the user
/// gave. The command line owns the server; the explorer only asks for its URL and stops it at exit.
public protocol DemoURLSource: Sendable {
    /// The demo server's base URL, starting the server if needed.
    func url() async throws -> String
    /// The demo server's HTTPS listeners and proxy (`{{$demo.https}}` and its kin), starting them if needed.
    func secureSite() async throws -> DemoSecureSite
    /// Stops the servers that `url()` and `secureSite()` started.
    func stop() async
}
