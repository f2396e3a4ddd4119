import Courier
import CourierTestSupport
import Foundation
import Testing
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// `Request.send(on:)` and `Request.exchange(on:)` against the loopback server.
@Suite("Sent responses")
struct SentTests {
    @Test("send returns the value with status, headers, raw body and debug info; asyncExecute is its value")
    func sentCarriesTheResponse() async throws {
        let endpoint = try await makeEndpoint()
        let request = DefaultRequest<User, String>(path: "users/1", method: .get, responseConverter: KeyPathResponseConverter(path: "data"))
        let sent = try await request.send(on: endpoint)
        #expect(sent.value.id == 1)
        #expect(sent.statusCode == 200)
        #expect(sent.headers["Content-Type"]?.hasPrefix("application/json") == true)
        #expect(String(decoding: sent.data, as: UTF8.self).contains(#""data""#), "the body as received, before the converter")
        #expect(sent.debug.attempts == 1 && sent.debug.statusCode == 200)
        #expect(sent.debug.request.url?.path == "/users/1")
        #expect(try await request.asyncExecute(on: endpoint).name == sent.value.name)
        #expect(sent.map(\.name).value == sent.value.name)
    }

    @Test("send throws the ErrorResponse; exchange keeps the error status, body and debug info")
    func failures() async throws {
        let endpoint = try await makeEndpoint()
        let missing = DefaultRequest<User, APIError>(path: "users/99", method: .get, errorConverter: KeyPathResponseConverter(path: "error"))
        await #expect(throws: ErrorResponse<APIError>.self) { try await missing.send(on: endpoint) }
        let exchange = await missing.exchange(on: endpoint)
        guard case .failure(.server(let error, 404)) = exchange.result else {
            Issue.record("expected the server's 404, got \(exchange.result)")
            return
        }
        #expect(error.code == "not_found")
        #expect(exchange.debug.statusCode == 404)
        #expect(exchange.debug.dataResponse.map { !$0.isEmpty } == true)
    }

    @Test("A GET with a body is refused with a typed RequestBuildError")
    func getWithBody() async throws {
        let endpoint = try await makeEndpoint()
        let exchange = await DefaultRequest<Data, String>(path: "echo", method: .get, body: .string("x")).exchange(on: endpoint)
        guard case .failure(.invalidRequest(.bodyNotAllowed(method: .get))) = exchange.result else {
            Issue.record("expected bodyNotAllowed, got \(exchange.result)")
            return
        }
    }
}
