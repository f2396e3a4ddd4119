import CourierTestSupport
import Foundation

/// The built `courier` as the testing commands' suites run it: captured variables in a temporary
/// state folder, `{{$demo}}` on the shared loopback demo server, and a folder for collections and reports.
struct CourierUnderTest {
    /// `XDG_STATE_HOME` of every run.
    let state: TemporaryDirectory
    /// Collections and reports a test writes.
    let work: TemporaryDirectory

    init() throws {
        state = try TemporaryDirectory()
        work = try TemporaryDirectory()
    }

    var path: String { Self.executable }

    /// The built `courier`, for suites that run it without a state folder of their own.
    static var executable: String { Processes.productsDirectory.appendingPathComponent("courier").path }

    /// Runs `courier ARGUMENTS --collections DIR`; `demoURL` replaces the shared demo server's.
    func run(_ arguments: [String], collections: URL, demoURL: String? = nil) async throws -> ProcessResult {
        let url: String
        if let demoURL { url = demoURL } else { url = try await TestServer.url().absoluteString }
        return try await Processes.run([path] + arguments + ["--collections", collections.path],
                                       environment: ["XDG_STATE_HOME": state.url.path, "COURIER_DEMO_URL": url], timeout: 120)
    }
}
