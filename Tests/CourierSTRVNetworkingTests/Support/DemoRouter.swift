import CourierSTRVNetworking
import CourierTestSupport
import Foundation
import Synchronization
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// `{"data": …}`.
struct Envelope<T: Decodable & Sendable>: Decodable, Sendable {
    let data: T
}

/// A router for the demo server's utility routes, which take their own server URL.
enum DemoRouter: Requestable {
    case echo(String, method: HTTPMethod = .get)
    case status(Int, method: HTTPMethod = .get)
    case delay(Double)
    case bytes(Int)

    var baseURL: URL { Demo.url }

    var path: String {
        switch self {
        case .echo(let path, _): return "echo/\(path)"
        case .status(let code, _): return "status/\(code)"
        case .delay(let seconds): return "delay/\(seconds)"
        case .bytes(let count): return "bytes/\(count)"
        }
    }

    var method: HTTPMethod {
        switch self {
        case .echo(_, let method), .status(_, let method): return method
        default: return .get
        }
    }
}

/// Counts calls and lets a test wait for the first one: an adapter that says a request is about
/// to leave, so a test can cancel it in flight without sleeping.
final class SendSignal: RequestAdapting {
    private let count = Mutex(0)
    private let (stream, continuation) = AsyncStream<Void>.makeStream(bufferingPolicy: .bufferingNewest(1))

    /// How many times a request was adapted (attempts, retries and replays included).
    var calls: Int { count.withLock { $0 } }

    func adapt(_ request: URLRequest, for endpointRequest: EndpointRequest) async throws -> URLRequest {
        count.withLock { $0 += 1 }
        continuation.yield()
        return request
    }

    /// Waits until a request has been adapted.
    func firstSend() async {
        for await _ in stream { return }
    }
}
