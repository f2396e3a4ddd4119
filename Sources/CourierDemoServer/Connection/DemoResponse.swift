import Foundation
import NIOCore
import NIOHTTP1

/// Writes body chunks of a streamed response; each call flushes.
struct BodyWriter: Sendable {
    let write: @Sendable (ByteBuffer) async throws -> Void
}

/// What a route answers: status, headers in order, and how the body is produced.
struct DemoResponse: Sendable {
    enum Body: Sendable {
        /// A body known up front, sent with `Content-Length`.
        case bytes(ByteBuffer)
        /// A body produced over time. With a length it goes out with `Content-Length`,
        /// without one as `Transfer-Encoding: chunked`.
        case stream(length: Int?, @Sendable (BodyWriter) async throws -> Void)
        /// Announce `declaredLength` bytes, send `sent`, then close the connection.
        case drop(declaredLength: Int, sent: ByteBuffer)
        /// Bytes written as they are, not as HTTP (a broken response on purpose), then the
        /// connection closes; `status` and `headers` are not sent.
        case raw(ByteBuffer)
    }

    var status: HTTPResponseStatus
    var headers: [(String, String)]
    var body: Body

    init(status: HTTPResponseStatus = .ok, headers: [(String, String)] = [], body: Body = .bytes(ByteBuffer())) {
        self.status = status
        self.headers = headers
        self.body = body
    }

    /// A JSON response from an `Encodable` value.
    static func json<T: Encodable>(_ value: T, status: HTTPResponseStatus = .ok, headers: [(String, String)] = []) -> DemoResponse {
        let data = (try? DemoJSON.encoder.encode(value)) ?? Data("{}".utf8)
        return DemoResponse(
            status: status,
            headers: [("Content-Type", "application/json; charset=utf-8")] + headers,
            body: .bytes(ByteBuffer(bytes: data))
        )
    }

    /// The API's error shape: `{"error": {"status": 404, "code": "not_found", "message": "…"}}`.
    static func error(_ status: HTTPResponseStatus, code: String, message: String, headers: [(String, String)] = []) -> DemoResponse {
        json(ErrorEnvelope(error: .init(status: Int(status.code), code: code, message: message)), status: status, headers: headers)
    }

    /// A plain text response.
    static func text(_ text: String, status: HTTPResponseStatus = .ok) -> DemoResponse {
        DemoResponse(status: status, headers: [("Content-Type", "text/plain; charset=utf-8")], body: .bytes(ByteBuffer(string: text)))
    }
}

/// `{"data": …}`, the envelope every successful resource answer uses.
struct DataEnvelope<T: Encodable>: Encodable {
    let data: T
}

struct ErrorEnvelope: Encodable {
    struct Detail: Encodable {
        let status: Int
        let code: String
        let message: String
    }
    let error: Detail
}

enum DemoJSON {
    static let encoder: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.withoutEscapingSlashes, .sortedKeys]  // stable bytes run to run
        return encoder
    }()
}
