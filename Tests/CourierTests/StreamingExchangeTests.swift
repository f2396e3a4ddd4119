import Courier
import CourierTestSupport
import Foundation
import Testing

/// `streamingExchange(on:)`: any status comes back with its body streaming, over both transports.
@Suite("Streaming exchanges")
struct StreamingExchangeTests {
    @Test("An error status streams its body like any other, with the debug record up to the head", arguments: TransportKind.allCases)
    func errorStatusStreams(kind: TransportKind) async throws {
        try await kind.withEndpoint { endpoint in
            let exchange = await DefaultRequest<Data, String>(path: "hostile/escapes/error", method: .get).streamingExchange(on: endpoint)
            let streamed = try exchange.result.get()
            #expect(streamed.response.statusCode == 500 && exchange.debug.statusCode == 500 && exchange.debug.attempts == 1)
            var body = Data()
            for try await chunk in streamed.body { body.append(chunk) }
            #expect(String(decoding: body, as: UTF8.self).hasPrefix("failed title\u{1B}]0;pwned\u{07}"), "the bytes as sent")

            let refused = await DefaultRequest<Data, String>(path: "x", method: .get, headers: [RequestHeaderKey("X-A"): "1\r\nX-B: 2"])
                .streamingExchange(on: endpoint)
            guard case .failure(.invalidRequest(.invalidHeader(let name, _))) = refused.result else {
                Issue.record("a CR/LF header value must be refused, got \(refused.result)")
                return
            }
            #expect(name == "X-A")
        }
    }

    @Test("Stopping the iteration of an endless body ends the transfer", arguments: TransportKind.allCases)
    func endlessBodyStops(kind: TransportKind) async throws {
        try await kind.withEndpoint { endpoint in
            let streamed = try await DefaultRequest<Data, String>(path: "hostile/endless", method: .get).streamingExchange(on: endpoint).result.get()
            var total = 0
            for try await chunk in streamed.body {
                total += chunk.count
                if total > 4 << 20 { break }
            }
            #expect(total > 4 << 20)
        }
    }
}
