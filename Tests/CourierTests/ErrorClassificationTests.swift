import AsyncHTTPClient
import Courier
@testable import CourierAsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1
import NIOSSL
import Testing

/// One error AsyncHTTPClient or SwiftNIO throws, and the kind Courier reports it as.
struct ClassificationCase: Sendable, CustomTestStringConvertible {
    let error: any Error & Sendable
    let kind: TransportError.Kind
    var testDescription: String { "\(error) → \(kind)" }
}

@Suite("AsyncHTTPClient errors by type and value")
struct ErrorClassificationTests {
    static let cases: [ClassificationCase] = [
        ClassificationCase(error: HTTPClientError.cancelled, kind: .cancelled),
        ClassificationCase(error: CancellationError(), kind: .cancelled),
        ClassificationCase(error: HTTPClientError.connectTimeout, kind: .timedOut),
        ClassificationCase(error: HTTPClientError.readTimeout, kind: .timedOut),
        ClassificationCase(error: HTTPClientError.deadlineExceeded, kind: .timedOut),
        ClassificationCase(error: HTTPClientError.remoteConnectionClosed, kind: .connectionLost),
        ClassificationCase(error: HTTPClientError.redirectLimitReached, kind: .tooManyRedirects),
        ClassificationCase(error: HTTPClientError.redirectCycleDetected, kind: .tooManyRedirects),
        ClassificationCase(error: HTTPClientError.tlsHandshakeTimeout, kind: .secureConnectionFailed),
        ClassificationCase(error: HTTPClientError.invalidURL, kind: .other),
        ClassificationCase(error: IOError(errnoCode: ECONNREFUSED, reason: "connect"), kind: .connectionRefused),
        ClassificationCase(error: IOError(errnoCode: ECONNRESET, reason: "read"), kind: .connectionLost),
        ClassificationCase(error: ChannelError.eof, kind: .connectionLost),
        ClassificationCase(error: ChannelError.connectTimeout(.seconds(1)), kind: .timedOut),
        ClassificationCase(error: HTTPParserError.invalidEOFState, kind: .connectionLost),
        ClassificationCase(error: NIOSSLError.uncleanShutdown, kind: .secureConnectionFailed),
    ]

    @Test("Each error's type and value decide its kind, never the words of its description", arguments: cases)
    func classify(_ scenario: ClassificationCase) {
        #expect(ErrorClassification.kind(of: scenario.error) == scenario.kind)
        let error = ErrorClassification.transportError(scenario.error, url: URL(string: "http://127.0.0.1:9"))
        #expect(error.kind == scenario.kind && error.detail == String(describing: scenario.error))
    }
}
