import Foundation

/// What a call produced: the parsed value or the error (Swift's `Result` with any error).
public typealias Result<T> = Swift.Result<T, any Error>

/// The callback a requester answers with.
public typealias Response<T> = @Sendable (Result<T>) -> Void

/// A network client: sends a `Request` and answers on the request's `responseQueue`.
public protocol Requester: Sendable {
    /// Sends `request` and calls `response` with the parsed value or the error.
    func execute<T: Request>(_ request: T, response: @escaping Response<T.Response>)
}

/// The server answered with a status outside 200..<400.
public struct ResponseError: Error, CustomStringConvertible {
    /// The status.
    public let statusCode: Int
    /// The body.
    public let data: Data
    /// A sentence from the status and the start of the body.
    public let description: String
}
