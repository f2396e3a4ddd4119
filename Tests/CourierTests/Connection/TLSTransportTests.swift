import Courier
import CourierAsyncHTTPClient
import CourierTestSupport
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Testing

/// The AsyncHTTPClient transport against the demo server's HTTPS listeners, over real sockets:
/// a certificate no system trusts, trusted through its authority or with checks off, and a
/// listener that wants a client certificate.
@Suite("TLS settings of the AsyncHTTPClient transport")
struct TLSTransportTests {
    private func get(_ base: String, _ path: String = "/users", tls: TLSSettings) async throws(TransportError) -> TransportResponse {
        let transport: AsyncHTTPClientTransport
        do {
            transport = try AsyncHTTPClientTransport(tls: tls)
        } catch {
            throw TransportError(kind: .other, url: nil, detail: error.description)
        }
        return try await Self.send(URLRequest(url: URL(fileURLWithPath: "/")), through: transport, to: base + path)
    }

    /// Sends a GET to `url` and shuts `transport` down whatever happened.
    static func send(_ request: URLRequest, through transport: AsyncHTTPClientTransport, to url: String) async throws(TransportError) -> TransportResponse {
        var request = request
        request.url = URL(string: url)
        let result: Result<TransportResponse, TransportError>
        do {
            result = .success(try await transport.send(request, body: nil, progress: nil))
        } catch {
            result = .failure(error)
        }
        try? await transport.shutdown()
        return try result.get()
    }

    @Test("A certificate from an unknown authority is refused with a sentence naming the URL")
    func refusedByDefault() async throws {
        let servers = try await TestSecureServers.shared()
        do {
            _ = try await get(servers.tls.url, tls: .standard)
            Issue.record("the request went through")
        } catch {
            #expect(error.kind == .secureConnectionFailed)
            #expect(error.description.contains("A secure connection to 127.0.0.1:\(servers.tls.port) could not be made"), "\(error.description)")
            #expect(error.description.contains("self-signed or from an authority not trusted here"))
        }
    }

    @Test("Accepted with certificate checks off, and with the authority's PEM bundle")
    func accepted() async throws {
        let servers = try await TestSecureServers.shared()
        #expect(try await get(servers.tls.url, tls: TLSSettings(insecure: true)).response.statusCode == 200)
        #expect(try await get(servers.tls.url, tls: TLSSettings(caCertificatePath: servers.files.authority)).response.statusCode == 200)
    }

    @Test("A listener that wants a client certificate answers with one and fails the handshake without")
    func clientCertificate() async throws {
        let servers = try await TestSecureServers.shared()
        let withCertificate = TLSSettings(caCertificatePath: servers.files.authority, clientCertificatePath: servers.files.clientCertificate,
                                          clientKeyPath: servers.files.clientKey)
        #expect(try await get(servers.mutualTLS.url, tls: withCertificate).response.statusCode == 200)
        do {
            _ = try await get(servers.mutualTLS.url, tls: TLSSettings(caCertificatePath: servers.files.authority))
            Issue.record("the request went through without a client certificate")
        } catch {
            #expect([.secureConnectionFailed, .connectionLost].contains(error.kind), "\(error.description)")
            #expect(error.description.contains("A secure connection to 127.0.0.1:\(servers.mutualTLS.port) could not be made"))
            #expect(error.description.contains("or it may want a client certificate"))
        }
    }

    @Test("A PEM file that is missing or holds no certificate is a sentence naming it")
    func badFiles() throws {
        let folder = try TemporaryDirectory()
        let missing = folder.url.appendingPathComponent("nowhere.pem").path
        #expect {
            try AsyncHTTPClientTransport(tls: TLSSettings(caCertificatePath: missing))
        } throws: { String(describing: $0) == "the CA bundle \(missing) does not exist" }
        let empty = try folder.write("empty.pem", "not a certificate\n").path
        #expect {
            try AsyncHTTPClientTransport(tls: TLSSettings(clientCertificatePath: empty))
        } throws: { String(describing: $0).hasPrefix("the client certificate \(empty)") }
    }
}
