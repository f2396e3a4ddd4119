import Courier
import CourierTestSupport
import Foundation
import Testing

/// The cURL export drops credentials on a redirect to another host as the transports do, and
/// keeps them (`--location-trusted`) only when the transport trusts its redirects; checked by
/// running the real `curl` through a 302 from 127.0.0.1 to localhost.
@Suite("Redirects: credentials in the curl export")
struct RedirectCredentialExportTests {
    @Test("-L without trust, --location-trusted with it; curl and courier agree on what reaches the other host",
          arguments: [false, true])
    func credentials(trusted: Bool) async throws {
        let server = try await TestServer.shared()
        let url = try await TestServer.url()
        let endpoint = Endpoint(baseUrl: url, retryingCount: 0, transport: URLSessionTransport(trustsRedirects: trusted))
        var request = DefaultRequest<Echo, String>(path: "hostile/redirect", method: .get,
                                                   queryParams: [("to", "http://localhost:\(server.port)/echo")])
        request.headers.authToken = .bearer("secret-token")
        let command = try endpoint.cURL(for: request)
        let lines = command.components(separatedBy: " \\\n  ")
        #expect(lines.contains("--location-trusted") == trusted && lines.contains("-L") == !trusted, "\(command)")

        let viaCourier = try await request.asyncExecute(on: endpoint)
        let run = try await Processes.shell(command + " --silent --show-error")
        let viaCurl = try JSONDecoder().decode(Echo.self, from: run.stdout)
        #expect(viaCourier.header("Authorization") == (trusted ? "Bearer secret-token" : nil))
        #expect(viaCurl.header("Authorization") == viaCourier.header("Authorization"), "\(command)")
    }
}
