import Courier
import CourierTestSupport
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A user as the demo API returns it.
struct User: Decodable, ResponseObject, Equatable {
    let id: Int
    let name: String
    let email: String
}

/// `{"data": …}`.
struct Envelope<T: Decodable & Sendable>: Decodable, ResponseObject {
    let data: T
}

/// The demo API's error body after `KeyPathResponseConverter(path: "error")`.
struct APIError: Decodable, ServerError {
    let status: Int
    let code: String
    let message: String
}

/// What `/echo` saw.
struct Echo: Decodable, ResponseObject {
    let method: String
    let path: String
    let query: String?
    let headers: [[String]]
    let body: String?
    let bodyBase64: String
    let bodySize: Int

    func header(_ name: String) -> String? {
        headers.first { $0.first?.lowercased() == name.lowercased() }?.last
    }

    func headerNames() -> [String] { headers.compactMap(\.first) }

    var bodyData: Data { Data(base64Encoded: bodyBase64) ?? Data() }
}

/// What `/upload` parsed.
struct UploadSummary: Decodable, ResponseObject {
    struct Part: Decodable, Sendable, Equatable {
        let name: String
        let filename: String?
        let contentType: String?
        let size: Int
        let sha256: String
        let text: String?
    }
    let parts: [Part]
    let contentLength: Int
}

/// A fresh endpoint on the shared loopback server; each test gets its own session.
func makeEndpoint(retryingCount: Int = 0, transport: (any Transport)? = nil) async throws -> Endpoint {
    let url = try await TestServer.url()
    if let transport { return Endpoint(baseUrl: url, retryingCount: retryingCount, transport: transport) }
    return Endpoint(baseUrl: url, retryingCount: retryingCount)
}

/// Waits for an operation's result through its callbacks.
func outcome<T: Request>(of operation: ExecutionOperation<T>) async -> Result<T.ResponseObjectType, ErrorResponse<T.ErrorType>> {
    await withCheckedContinuation { continuation in
        operation
            .onSuccess { continuation.resume(returning: .success($0)) }
            .onFail { continuation.resume(returning: .failure($0)) }
    }
}

/// The debug info an operation reports.
func debugInfo<T: Request>(of operation: ExecutionOperation<T>) async -> DebugInfo {
    await withCheckedContinuation { continuation in
        operation.onDebug { continuation.resume(returning: $0) }
    }
}

typealias EchoRequest = DefaultRequest<Echo, String>
typealias UserRequest = DefaultRequest<Envelope<User>, APIError>

extension Data {
    /// Deterministic pseudo-random bytes (all 256 values occur).
    static func pattern(count: Int, seed: UInt64 = 42) -> Data {
        var state = seed
        return Data((0..<count).map { _ in
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return UInt8(truncatingIfNeeded: state >> 33)
        })
    }
}
