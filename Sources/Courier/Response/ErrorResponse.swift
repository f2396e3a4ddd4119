import CourierJSON
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Why a request did not produce its `ResponseObjectType`. Every case describes itself as a sentence.
public enum ErrorResponse<ErrorType: ServerError>: Error, CustomStringConvertible {
    /// The server answered 4xx/5xx and its body decoded as `ErrorType`.
    case server(ErrorType, statusCode: Int)
    /// The server answered 4xx/5xx with a body that is not an `ErrorType`; `reason` says why.
    case unexpectedStatus(statusCode: Int, body: Data, reason: String)
    /// The response succeeded but its body did not decode into the response type.
    case decoding(DecodingFailure)
    /// The request could not be built: bad URL, unencodable body, unreadable file, no endpoint.
    case invalidRequest(RequestBuildError)
    /// The exchange failed below HTTP: refused, dropped, DNS, TLS.
    case system(TransportError)
    /// No complete response arrived within the request's timeout.
    case timedOut(after: TimeInterval)
    /// The request was cancelled by `cancel()` or by cancelling its `Task`.
    case cancelled
    /// An adapter, response processor or error processor failed, or replaced the error with one of its own.
    case processing(any Error)

    /// The HTTP status when the server answered.
    public var statusCode: Int? {
        switch self {
        case .server(_, let code), .unexpectedStatus(let code, _, _): return code
        case .decoding(let failure): return failure.statusCode
        default: return nil
        }
    }

    /// The decoded server error, when there is one.
    public var serverError: ErrorType? {
        if case .server(let error, _) = self { return error }
        return nil
    }

    public var isCancelled: Bool {
        if case .cancelled = self { return true }
        return false
    }

    public var isTimedOut: Bool {
        if case .timedOut = self { return true }
        return false
    }

    public var description: String {
        switch self {
        case .server(let error, let code):
            let message = error.message
            return message.isEmpty ? "The server answered \(HTTPStatusText.describe(code))."
                : "The server answered \(HTTPStatusText.describe(code)): \(message)"
        case .unexpectedStatus(let code, let body, let reason):
            let preview = String(decoding: body.prefix(200), as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
            return "The server answered \(HTTPStatusText.describe(code)) with a body that is not the expected error (\(reason))"
                + (preview.isEmpty ? "." : ": \(preview)")
        case .decoding(let failure): return failure.description
        case .invalidRequest(let reason): return "The request could not be built: \(reason)."
        case .system(let error): return error.description
        case .timedOut(let seconds): return "The request timed out after \(TimeText.seconds(seconds))."
        case .cancelled: return "The request was cancelled."
        case .processing(let error): return "\(error)"
        }
    }

    /// The server's message, or the description when there is none.
    public var message: String {
        if case .server(let error, _) = self, !error.message.isEmpty { return error.message }
        return description
    }
}

/// A successful response whose body did not decode.
public struct DecodingFailure: Error, Sendable, CustomStringConvertible {
    /// The JSON path that failed, such as `data.items[2].email`; nil when the whole body failed.
    public let path: String?
    /// What went wrong there.
    public let reason: String
    /// The type that was being decoded.
    public let typeName: String
    public let statusCode: Int
    public let body: Data

    public var description: String {
        let location = path.map { " at \($0)" } ?? ""
        return "The \(HTTPStatusText.describe(statusCode)) response could not be decoded as \(typeName)\(location): \(reason)."
    }

    /// Describes any error thrown while mapping a body.
    init(_ error: any Error, typeName: String, statusCode: Int, body: Data) {
        self.typeName = typeName
        self.statusCode = statusCode
        self.body = body
        switch error {
        case DecodingError.keyNotFound(let key, let context):
            path = CodingPathText.format(context.codingPath + [key])
            reason = "the key is missing"
        case DecodingError.typeMismatch(let type, let context):
            path = CodingPathText.format(context.codingPath)
            reason = "expected \(type) (\(context.debugDescription))"
        case DecodingError.valueNotFound(let type, let context):
            path = CodingPathText.format(context.codingPath)
            reason = "expected \(type) but found null"
        case DecodingError.dataCorrupted(let context):
            path = context.codingPath.isEmpty ? nil : CodingPathText.format(context.codingPath)
            reason = body.isEmpty ? "the body is empty" : Self.corruptionReason(context, body: body)
        default:
            path = nil
            reason = body.isEmpty && !(error is ConverterError) ? "the body is empty" : String(describing: error)
        }
    }

    private static func corruptionReason(_ context: DecodingError.Context, body: Data) -> String {
        do {
            try JSONLookup.validate(body)
            return context.debugDescription
        } catch {
            return "the body is not JSON (\(error))"
        }
    }
}

/// Why a request could not be turned into a `URLRequest`; `ErrorResponse.invalidRequest` carries it.
public enum RequestBuildError: Error, Sendable, CustomStringConvertible {
    /// Neither the call, the request nor `Endpoint.default` names an endpoint.
    case noEndpoint
    /// The URL (base and path) is not an http(s) URL; `reason` says why.
    case invalidURL(String, reason: String)
    /// The body could not be encoded; the sentence names the offending field.
    case unencodableBody(String)
    /// A file to upload cannot be read.
    case unreadableFile(path: String, reason: String)
    /// A GET or HEAD request carries a body, which URLSession cannot send.
    case bodyNotAllowed(method: HTTPMethod)
    /// A header value cannot be sent as it is (`RequestHeaders.problem(withValue:)` says why).
    case invalidHeader(name: String, reason: String)

    public var description: String {
        switch self {
        case .noEndpoint: return "no endpoint: pass one to execute(on:) or set Endpoint.default"
        case .invalidURL(let url, let reason): return "\"\(url)\" is not a valid URL (\(reason))"
        case .unencodableBody(let reason): return reason
        case .unreadableFile(let path, let reason): return "the file \(path) cannot be read (\(reason))"
        case .bodyNotAllowed(let method):
            return "a \(method) request cannot carry a body with URLSession; send the data as queryParams or use POST"
        case .invalidHeader(let name, let reason):
            return "the value of header \(name) \(reason); the request is refused"
        }
    }
}

enum HTTPStatusText {
    static func describe(_ code: Int) -> String {
        let reason = HTTPURLResponse.localizedString(forStatusCode: code)
        return reason.isEmpty ? "\(code)" : "\(code) \(reason.capitalized)"
    }
}

/// Durations as sentences and titles write them: "340 ms", "1.2 s".
public enum TimeText {
    public static func seconds(_ value: TimeInterval) -> String {
        value < 1 ? "\(Int((value * 1000).rounded())) ms" : String(format: "%.1f s", value)
    }

    /// A longer span in its largest whole unit: "45 s", "3 min", "2 h".
    public static func duration(_ seconds: Int) -> String {
        switch seconds {
        case ..<120: return "\(seconds) s"
        case ..<7200: return "\(seconds / 60) min"
        default: return "\(seconds / 3600) h"
        }
    }
}

