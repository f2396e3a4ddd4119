import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Everything about one execution that helps to debug it, delivered to `onDebug` for successes and failures.
public struct DebugInfo: Sendable {
    /// The configuration of the session that sent the request.
    public let sessionConfiguration: URLSessionConfiguration
    /// The request as built (method, URL, headers, body).
    public let request: URLRequest
    /// The final response body, when a response arrived.
    public let dataResponse: Data?
    /// The final response, when one arrived.
    public let urlResponse: HTTPURLResponse?
    /// The error the execution ended with, if any.
    public let errorResponse: (any Error)?
    /// Seconds from start to the end of the last attempt, retries and pauses included.
    public let requestDuration: TimeInterval
    /// The request as Courier built it, kept so the cURL text is only made when asked for.
    let prepared: PreparedRequest?
    /// How many times the request was sent (1 without retries, 0 when it could not be built).
    public let attempts: Int
    /// What the transport did by itself, for the cURL command.
    let behaviour: TransportBehaviour

    /// The deadline Courier enforced on each attempt, in seconds: the request's or the endpoint's
    /// timeout as given. `request.timeoutInterval` is longer on purpose (Linux truncates fractions,
    /// so the session's own timer is set past the deadline); nil when no timeout was set.
    public var appliedTimeout: TimeInterval? { prepared?.timeout }

    /// The response body as UTF-8 text, when it is text.
    public var stringResponse: String? { dataResponse.flatMap { String(data: $0, encoding: .utf8) } }

    /// The response body parsed as JSON, when it is JSON.
    public var jsonResponse: Any? {
        dataResponse.flatMap { try? JSONSerialization.jsonObject(with: $0, options: [.fragmentsAllowed]) }
    }

    /// The request as a `curl` command, secrets included.
    public var cURL: String? { cURLCommand?.text() }

    /// The request as a `curl` command's arguments, to print with real values or redacted.
    public var cURLCommand: ShellCommand? { prepared.map { CURLCommand(prepared: $0, behaviour: behaviour).command } }

    /// The final HTTP status, when a response arrived.
    public var statusCode: Int? { urlResponse?.statusCode }
}

extension DebugInfo {
    /// The same record with the error an error processor settled on.
    func replacingError(_ error: any Error) -> DebugInfo {
        DebugInfo(sessionConfiguration: sessionConfiguration, request: request, dataResponse: dataResponse, urlResponse: urlResponse,
                  errorResponse: error, requestDuration: requestDuration, prepared: prepared, attempts: attempts,
                  behaviour: behaviour)
    }
}
