/// A name/value pair of a query, a header list or a form, which can be switched off.
public struct Field: Sendable, Equatable {
    public var name: String
    public var value: String
    public var enabled: Bool
    /// Where the value was written, for templating errors; nil for fields made in code.
    public var location: SourceLocation?

    public init(name: String, value: String, enabled: Bool = true, location: SourceLocation? = nil) {
        self.name = name
        self.value = value
        self.enabled = enabled
        self.location = location
    }

    public static func == (lhs: Field, rhs: Field) -> Bool {
        lhs.name == rhs.name && lhs.value == rhs.value && lhs.enabled == rhs.enabled
    }
}

/// One part of a multipart body: a text field or a file.
public struct MultipartField: Sendable, Equatable {
    public var name: String
    public var value: String?
    /// A path relative to the request file's folder (or absolute).
    public var file: String?
    public var mime: String?
    public var filename: String?

    public init(name: String, value: String? = nil, file: String? = nil, mime: String? = nil, filename: String? = nil) {
        self.name = name
        self.value = value
        self.file = file
        self.mime = mime
        self.filename = filename
    }
}

/// The body of a request file.
public enum BodyDefinition: Sendable, Equatable {
    case json(JSONValue)
    case text(String)
    case form([Field])
    /// A path relative to the request file's folder (or absolute).
    case file(String)
    case multipart([MultipartField])
}

/// A request file: what DESIGN.md's format holds, mapped onto Courier's `DefaultRequest`.
public struct RequestDefinition: Sendable, Equatable {
    public var name: String?
    public var method: String = "GET"
    /// Relative to the collection's base URL.
    public var path: String?
    /// Absolute; used instead of `path`.
    public var url: String?
    public var query: [Field] = []
    public var headers: [Field] = []
    public var body: BodyDefinition?
    public var auth: AuthDefinition?
    public var timeout: Double?
    /// Retries of a failed idempotent request; nil takes the collection's.
    public var retries: Int?
    /// Whether redirects are followed; nil means yes.
    public var followRedirects: Bool?
    /// Whether credentials (`Authorization`, `Proxy-Authorization`, `Cookie`) follow a redirect to
    /// another scheme, host or port; nil means no.
    public var trustRedirects: Bool?
    /// The transport this request is sent through, over the environment's and the collection's.
    public var transport: TransportName?
    /// Certificate checks, client certificate and proxy of this request, over the environment's and the collection's.
    public var connection = ConnectionDefinition()
    /// `KeyPathResponseConverter` path for a successful response.
    public var converter: String?
    /// And for an error response.
    public var errorConverter: String?
    /// Requests to run first when a variable they capture is missing (ids relative to the collection).
    public var requires: [String] = []
    /// Variables taken from the response.
    public var captures: [CaptureDefinition] = []
    /// Assertions that judge the response; none means a 2xx/3xx status passes.
    public var expectations: [Assertion] = []
    /// `skip: true`: `courier test` leaves the request out unless it is named.
    public var skip: Bool?
    /// Examples of the response (`examples:`), which the Swift export types the response from.
    public var examples: [ResponseExample] = []
    /// Where each top-level key was written, for messages.
    public var locations: [String: SourceLocation] = [:]

    public init() {}

    public static func == (lhs: RequestDefinition, rhs: RequestDefinition) -> Bool {
        lhs.name == rhs.name && lhs.method == rhs.method && lhs.path == rhs.path && lhs.url == rhs.url
            && lhs.query == rhs.query && lhs.headers == rhs.headers && lhs.body == rhs.body && lhs.auth == rhs.auth
            && lhs.timeout == rhs.timeout && lhs.retries == rhs.retries && lhs.followRedirects == rhs.followRedirects
            && lhs.trustRedirects == rhs.trustRedirects && lhs.transport == rhs.transport && lhs.connection == rhs.connection
            && lhs.converter == rhs.converter && lhs.errorConverter == rhs.errorConverter
            && lhs.requires == rhs.requires && lhs.captures == rhs.captures && lhs.expectations == rhs.expectations && lhs.skip == rhs.skip
            && lhs.examples == rhs.examples
    }
}

/// `collection.yaml`: what requests of a collection share, mapped onto Courier's `Endpoint`.
public struct CollectionDefinition: Sendable, Equatable {
    public var name: String?
    public var baseUrl: String?
    public var headers: [Field] = []
    public var timeout: Double?
    public var retries: Int?
    /// How requests below authenticate unless they say otherwise (`auth: none` included).
    public var auth: AuthDefinition?
    /// The transport of the collection's requests, unless a request or the environment says otherwise.
    public var transport: TransportName?
    /// Certificate checks, client certificate and proxy of the collection's requests, unless a request or the environment says otherwise.
    public var connection = ConnectionDefinition()
    /// Default values for variables; environments override them.
    public var variables: [Field] = []
    /// Explicit order of the entries of this folder (names without extension).
    public var order: [String]?
    public var locations: [String: SourceLocation] = [:]

    public init() {}

    public static func == (lhs: CollectionDefinition, rhs: CollectionDefinition) -> Bool {
        lhs.name == rhs.name && lhs.baseUrl == rhs.baseUrl && lhs.headers == rhs.headers && lhs.timeout == rhs.timeout
            && lhs.retries == rhs.retries && lhs.variables == rhs.variables && lhs.order == rhs.order && lhs.transport == rhs.transport
            && lhs.auth == rhs.auth && lhs.connection == rhs.connection
    }
}
