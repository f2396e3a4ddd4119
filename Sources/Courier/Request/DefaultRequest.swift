import Foundation

/// A request built from values, for when a dedicated type would be overkill.
///
/// ```swift
/// let request = DefaultRequest<User, APIError>(path: "users/7", method: .get)
/// ```
public struct DefaultRequest<Response: ResponseObject, Error: ServerError>: Request {
    public typealias ResponseObjectType = Response
    public typealias ErrorType = Error

    public var path: String
    public var method: HTTPMethod
    public var queryParams: [(String, String)]
    public var body: RequestBody?
    public var headers: RequestHeaders
    public var timeout: TimeInterval?
    public var responseConverter: ResponseJsonConverter?
    public var errorConverter: ResponseJsonConverter?
    public var endpoint: Endpoint?
    public var decoder: JSONDecoder?

    /// Creates a request; every parameter but `path` and `method` is optional.
    public init(
        path: String,
        method: HTTPMethod,
        queryParams: [(String, String)] = [],
        body: RequestBody? = nil,
        headers: RequestHeaders = [:],
        timeout: TimeInterval? = nil,
        responseConverter: ResponseJsonConverter? = nil,
        errorConverter: ResponseJsonConverter? = nil,
        endpoint: Endpoint? = nil,
        decoder: JSONDecoder? = nil
    ) {
        self.path = path
        self.method = method
        self.queryParams = queryParams
        self.body = body
        self.headers = headers
        self.timeout = timeout
        self.responseConverter = responseConverter
        self.errorConverter = errorConverter
        self.endpoint = endpoint
        self.decoder = decoder
    }
}
