import Foundation

/// `/echo` (any method, any sub-path): answers exactly what arrived.
enum EchoRoute {
    struct Echo: Encodable {
        let method: String
        let path: String
        let query: String?
        let headers: [[String]]
        let body: String?
        let bodyBase64: String
        let bodySize: Int
    }

    static func respond(to request: DemoRequest) -> DemoResponse {
        let bytes = request.bodyBytes
        let echo = Echo(
            method: request.method.rawValue,
            path: request.path,
            query: request.rawQuery,
            headers: request.headers.map { [$0.name, $0.value] },
            body: String(validating: bytes, as: UTF8.self),
            bodyBase64: Data(bytes).base64EncodedString(),
            bodySize: bytes.count
        )
        return .json(echo)
    }
}
