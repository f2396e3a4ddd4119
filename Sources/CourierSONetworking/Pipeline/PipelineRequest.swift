import Courier
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A built `URLRequest` as a Courier request, so it runs through Courier's pipeline: its whole URL
/// is the path, and its method, headers, body and timeout carry over. The body comes back as
/// bytes; an error status is not decoded (the network service judges it).
struct PipelineRequest: Courier.Request {
    typealias ResponseObjectType = Data
    typealias ErrorType = UndecodedError

    let path: String
    let method: Courier.HTTPMethod
    let headers: RequestHeaders
    let body: RequestBody?
    let timeout: TimeInterval?

    init(_ request: URLRequest) {
        path = request.url?.absoluteString ?? ""
        method = Courier.HTTPMethod(rawValue: request.httpMethod ?? "GET")
        // Sorted: a URLRequest keeps its headers in a dictionary, and the wire and cURL should not vary.
        headers = RequestHeaders((request.allHTTPHeaderFields ?? [:]).sorted { $0.key.lowercased() < $1.key.lowercased() })
        body = request.httpBody.map(RequestBody.raw)
        // The pipeline enforces this deadline itself, fractions included (Linux truncates them).
        timeout = request.timeoutInterval
    }
}

/// An error body left as it is: the session manager reports the status and raw body instead.
struct UndecodedError: Courier.ServerError {
    var message: String { "" }

    static func mapped(from data: Data, decoder: JSONDecoder) throws -> UndecodedError { UndecodedError() }
}
