import Foundation

/// One file part of a multipart request.
public protocol MultipartFile: Sendable {
    /// The file name sent in `Content-Disposition`.
    var fileName: String { get }
    /// The part's content type.
    var mime: MimeType { get }
    /// The content.
    var resource: MultipartResource { get }
    /// The form field name; `fileName` when nil.
    var fieldName: String? { get }
}

extension MultipartFile {
    public var fieldName: String? { nil }
}

/// A file part built from values.
///
/// ```swift
/// DefaultMultipartFile(resource: avatarData, mime: .image(.png), fileName: "avatar.png", fieldName: "avatar")
/// ```
public struct DefaultMultipartFile: MultipartFile {
    public var fileName: String
    public var mime: MimeType
    public var resource: MultipartResource
    public var fieldName: String?

    /// - Parameters:
    ///   - resource: `Data`, a file `URL`, a file path `String` or an `InputStream`.
    ///   - mime: The part's content type.
    ///   - fileName: The file name the server sees.
    ///   - fieldName: The form field; defaults to `fileName`.
    public init(resource: some MultipartResourceConvertable, mime: MimeType, fileName: String, fieldName: String? = nil) {
        self.resource = resource.multipartResource
        self.mime = mime
        self.fileName = fileName
        self.fieldName = fieldName
    }
}

/// A request whose body is `multipart/form-data`: the `body`'s `.params` become text fields,
/// followed by `files` — or, when `parts` is set, exactly those parts in their order.
public protocol MultipartFormDataRequest: Request {
    /// The file parts, in order.
    var files: [MultipartFile] { get }
    /// Every part in the order sent, text and file interleaved; nil (the default) sends the
    /// body's fields, then `files`.
    var parts: [MultipartPart]? { get }
}

extension MultipartFormDataRequest {
    public var parts: [MultipartPart]? { nil }
}

/// A multipart request built from values.
public struct DefaultMultipartFormDataRequest<Response: ResponseObject, Error: ServerError>: MultipartFormDataRequest {
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
    public var files: [MultipartFile]
    /// Every part in order; when set, `body` and `files` are not sent.
    public var parts: [MultipartPart]?

    /// Creates a multipart request; every parameter but `path` and `method` is optional.
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
        decoder: JSONDecoder? = nil,
        files: [MultipartFile] = [],
        parts: [MultipartPart]? = nil
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
        self.files = files
        self.parts = parts
    }
}
