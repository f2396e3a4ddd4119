import Courier
import CourierAuth
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A collection request ready for Courier: variables filled in, settings inherited.
public enum ResolvedRequest: Sendable {
    case plain(DefaultRequest<Data, String>, Endpoint)
    case multipart(DefaultMultipartFormDataRequest<Data, String>, Endpoint)

    public var endpoint: Endpoint {
        switch self {
        case .plain(_, let endpoint), .multipart(_, let endpoint): return endpoint
        }
    }

    /// The request as a `curl` command with real values, built by the library's exporter.
    public func cURL() throws -> String {
        try cURLCommand().text()
    }

    /// The `curl` command's arguments, to print with real values or redacted.
    public func cURLCommand() throws -> ShellCommand {
        switch self {
        case .plain(let request, let endpoint): return try endpoint.cURLCommand(for: request)
        case .multipart(let request, let endpoint): return try endpoint.cURLCommand(for: request)
        }
    }

    /// The `Authorization` the request sends, if any.
    public var authToken: AuthToken? {
        switch self {
        case .plain(let request, let endpoint): return request.headers.authToken ?? endpoint.headers.authToken
        case .multipart(let request, let endpoint): return request.headers.authToken ?? endpoint.headers.authToken
        }
    }

    /// The request's timeout in seconds, if it has one.
    public var timeout: TimeInterval? {
        switch self {
        case .plain(let request, _): return request.timeout
        case .multipart(let request, _): return request.timeout
        }
    }

    /// The `URLRequest` Courier sends.
    public func urlRequest() throws -> URLRequest {
        switch self {
        case .plain(let request, let endpoint): return try endpoint.makeURLRequest(for: request)
        case .multipart(let request, let endpoint): return try endpoint.makeURLRequest(for: request)
        }
    }

    /// The key path of the request's converter for a success (or, with `forError`, an error) response.
    public func converterPath(forError: Bool = false) -> String? {
        let converter: ResponseJsonConverter? = switch self {
        case .plain(let request, _): forError ? request.errorConverter : request.responseConverter
        case .multipart(let request, _): forError ? request.errorConverter : request.responseConverter
        }
        return (converter as? KeyPathResponseConverter)?.path
    }
}

/// A resolved request and what must be masked when it is shown.
public struct Resolution: Sendable {
    /// The request, ready to send or export.
    public let request: ResolvedRequest
    /// The auth it uses (its own or inherited), templates filled in; nil for none. The exports
    /// read it: Digest and AWS signatures are made when sending, not held in the request.
    public let auth: AuthDefinition?
    /// The secrets met while resolving it, for `--redact`, `--include` and the explorer's panes.
    public let redactor: SecretRedactor
    /// How it connects: certificate checks, client certificate, proxy.
    public let connection: ResolvedConnection
}

/// Why a request could not be resolved; says what and where.
public struct ResolveError: Error, Sendable, CustomStringConvertible {
    public let description: String
}

/// Turns a loaded request into a Courier request.
public struct RequestResolver: Sendable {
    public let context: TemplateContext
    /// Where the transport puts response bodies too large for memory; nil keeps every body in memory.
    public let spooling: ResponseSpooling?
    /// Where endpoints are kept between requests; nil gives every request an endpoint of its own.
    public let endpoints: EndpointScope?
    /// Which transport each request goes through, and how it is made.
    public let transports: TransportSelection
    /// Where OAuth 2.0 tokens are bought and cached; nil leaves `auth: {oauth2: …}` requests
    /// unauthorized (sent without a token, exported with a cached one only when there is a session).
    public var oauth: OAuthScope?
    /// Where the collection's cookie jar is kept between requests and runs; nil gives each
    /// endpoint a jar of its own, forgotten with it.
    public var cookies: CookieScope?

    /// - Parameters:
    ///   - context: The variables templates are filled from.
    ///   - spooling: Where large response bodies go; nil keeps them in memory.
    ///   - endpoints: The pool and environment that endpoints are shared in, for a session that
    ///     sends many requests; nil makes a new endpoint per request.
    ///   - transports: How transports are chosen and made; the library's URLSession by default.
    public init(context: TemplateContext, spooling: ResponseSpooling? = nil, endpoints: EndpointScope? = nil,
                transports: TransportSelection = .library) {
        self.context = context
        self.spooling = spooling
        self.endpoints = endpoints
        self.transports = transports
    }

    /// Collection variables overridden by the environment, overridden by `overrides` (`--var k=v`).
    public static func context(for request: LoadedRequest, environment: EnvironmentValues, overrides: [String: String],
                               processEnvironment: [String: String], demoURL: String?,
                               demoSecure: DemoSecureSite? = nil) -> TemplateContext {
        var variables: [String: String] = [:]
        for settings in request.settings { for field in settings.variables where field.enabled { variables[field.name] = field.value } }
        for (name, field) in environment.values where field.enabled { variables[name] = field.value }
        for (name, value) in overrides { variables[name] = value }
        var context = TemplateContext(variables: variables, secretNames: environment.secretNames, processEnvironment: processEnvironment, demoURL: demoURL)
        context.demoSecure = demoSecure
        context.environmentTransport = environment.values["transport"].flatMap { $0.enabled ? $0 : nil }
        context.environmentConnection = environment.values.filter { ConnectionDefinition.keys.contains($0.key) && $0.value.enabled }
        return context
    }

    /// Whether filling in `request` needs the demo server (`{{$demo}}`).
    public static func needsDemoServer(_ request: LoadedRequest) -> Bool {
        demoReferences(of: request).contains("$demo")
    }

    /// Whether filling in `request` needs the demo server's HTTPS listeners or proxy (`{{$demo.https}}` and its kin).
    public static func needsSecureDemo(_ request: LoadedRequest) -> Bool {
        demoReferences(of: request).contains { DemoSecureSite.functions.contains($0) }
    }

    /// The `{{$demo…}}` functions `request` uses, in its URL, headers, query, auth and connection settings.
    private static func demoReferences(of request: LoadedRequest) -> [String] {
        // An absolute `url:` does not use the collection's base URL.
        let bases = request.definition.url == nil ? request.settings.compactMap(\.baseUrl) : []
        var texts = [request.definition.path, request.definition.url].compactMap { $0 } + bases
        texts += request.definition.headers.map(\.value) + request.definition.query.map(\.value)
        texts += EffectiveAuth(of: request)?.auth.fields.map(\.value) ?? []
        for connection in request.settings.map(\.connection) + [request.definition.connection] {
            texts += [connection.caCert, connection.clientCert, connection.clientKey, connection.proxy].compactMap { $0 }
        }
        return texts.flatMap { TemplateContext.references(in: $0) }.filter { $0.hasPrefix("$demo") }
    }

    /// The Courier request for `loaded`, its templates filled in.
    /// - Throws: `ResolveError` with file:line:column: the error-level problems of the file and
    ///   of the `collection.yaml` files it inherits from (a request with errors is never sent as
    ///   something else), or a template that cannot be filled.
    public func resolve(_ loaded: LoadedRequest) throws -> ResolvedRequest {
        try resolution(of: loaded).request
    }

    /// Resolves `loaded` and collects the secrets met on the way (DESIGN.md, "What is secret"):
    /// values from `*.secret.yaml` and `{{$env.NAME}}`, and the request's auth credentials with
    /// the encodings that put them on the wire.
    /// - Throws: As `resolve(_:)` does.
    public func resolution(of loaded: LoadedRequest) throws -> Resolution {
        let errors = loaded.blockingErrors
        if !errors.isEmpty { throw ResolveError(description: errors.map(\.description).joined(separator: "\n")) }
        var secrets = context.redactor
        let context = self.context
        func render(_ text: String, at location: SourceLocation?, placement: TemplateContext.Placement) throws(TemplateError) -> String {
            for value in context.secretValues(in: text) { secrets.insert(value) }
            return try context.render(text, at: location, placement: placement)
        }
        let (request, auth, connection) = try resolve(loaded, render: render)
        for secret in connection.secrets { secrets.insert(secret) }
        if let token = request.authToken { for secret in token.secrets { secrets.insert(secret) } }
        for value in (auth?.secretValues ?? []) + oauth2Secrets(of: loaded) + Self.credentialValues(of: request) { secrets.insert(value) }
        // Cookie values are credentials wherever they turn up, a body that echoes a session id, say.
        for cookie in request.endpoint.cookies.all { secrets.insert(cookie.value) }
        return Resolution(request: request, auth: auth, redactor: secrets, connection: connection)
    }

    /// Values of credential-bearing headers and query parameters, so they are masked where they
    /// turn up outside their field too (an error message that quotes the URL). Short ones are
    /// left to the name rule: masking every `2` because of `X-Auth-Version: 2` would hide the rest.
    /// (Read from the request, not built: building a large multipart body would spool it.)
    private static func credentialValues(of request: ResolvedRequest) -> [String] {
        let (headers, query): (RequestHeaders, [(String, String)]) = switch request {
        case .plain(let request, let endpoint): (endpoint.headers.merging(request.headers), request.queryParams)
        case .multipart(let request, let endpoint): (endpoint.headers.merging(request.headers), request.queryParams)
        }
        let fields = headers.map { ($0.key.rawValue, $0.value) } + query
        return fields.filter { SecretRedactor.isCredential(name: $0.0) }.map(\.1)
    }

    /// The layers that say how `loaded` connects, weakest first: its `collection.yaml` files, the
    /// environment, the file itself, the command line.
    func connectionResolver(for loaded: LoadedRequest, transport: TransportName) throws -> ConnectionResolver {
        var layers = loaded.settings.map { settings in
            ConnectionLayer(settings.connection, locations: settings.locations, file: settings.locations.values.first?.file ?? loaded.collectionRoot.path + "/")
        }
        layers.append(try ConnectionLayer(environment: context.environmentConnection, collectionRoot: loaded.collectionRoot))
        layers.append(ConnectionLayer(loaded.definition.connection, locations: loaded.definition.locations, file: loaded.file.path))
        layers.append(ConnectionLayer(flags: transports.connection))
        return ConnectionResolver(layers: layers, transport: transport, processEnvironment: context.processEnvironment)
    }

    /// The environment's `transport:`, checked.
    func environmentTransport() throws -> TransportName? {
        guard let field = context.environmentTransport else { return nil }
        guard let name = TransportName(rawValue: field.value.lowercased()) else {
            let place = field.location.map { "\($0.description): " } ?? ""
            throw ResolveError(description: "\(place)error: \(TransportName.problem(with: field.value))")
        }
        return name
    }

    private func resolve(_ loaded: LoadedRequest,
                         render renderIn: (String, SourceLocation?, TemplateContext.Placement) throws(TemplateError) -> String)
        throws -> (ResolvedRequest, AuthDefinition?, ResolvedConnection) {
        func render(_ text: String, _ location: SourceLocation?) throws(TemplateError) -> String { try renderIn(text, location, .text) }
        let definition = loaded.definition
        let fileLocation = SourceLocation(file: loaded.displayPath, line: 1, column: 1)
        func at(_ key: String) -> SourceLocation { definition.locations[key] ?? fileLocation }

        // An absolute url does not use the collection's base URL, so its templates are not needed.
        let baseText = definition.url != nil ? nil : try loaded.settings.last(where: { $0.baseUrl != nil }).map { settings in
            try render(settings.baseUrl ?? "", settings.locations["baseUrl"])
        }
        let path: String
        if let url = definition.url {
            path = try renderIn(url, at("url"), .url)
        } else {
            path = try renderIn(definition.path ?? "", at("path"), .url)
            guard baseText != nil else {
                throw ResolveError(description: "\(at("path").description): error: the request has a relative path but no collection.yaml above it sets baseUrl")
            }
        }
        guard let base = URL(string: baseText ?? path) else {
            throw ResolveError(description: "\(fileLocation.description): error: \"\(baseText ?? path)\" is not a URL")
        }

        var headers = RequestHeaders()
        for field in loaded.settings.flatMap(\.headers) + definition.headers where field.enabled {
            headers[RequestHeaderKey(field.name)] = try Self.headerValue(render(field.value, field.location), of: field, in: loaded)
        }
        let effectiveAuth = EffectiveAuth(of: loaded)
        let authLocation = effectiveAuth?.location ?? fileLocation
        var oauth2: OAuth2Configuration?
        if case .oauth2(let oauth)? = effectiveAuth?.auth {
            let configuration = try Self.oauth2Configuration(oauth, at: authLocation, render: render)
            // Shown and exported with the cached token; the interceptor sends a fresh one.
            if let cached = usableCachedToken(for: configuration, of: loaded) { headers.authToken = .bearer(cached.accessToken) }
            oauth2 = configuration
        }
        let auth = try effectiveAuth.flatMap { $0.auth == .none ? nil : $0.auth }.map { auth in
            try auth.mapValues { _, value in try render(value, authLocation) }
        }
        var query = try definition.query.filter(\.enabled).map { ($0.name, try render($0.value, $0.location)) }
        try auth?.apply(to: &headers, query: &query, at: authLocation)
        let timeout = definition.timeout ?? loaded.settings.last(where: { $0.timeout != nil })?.timeout
        let retries = definition.retries ?? loaded.settings.last(where: { $0.retries != nil })?.retries ?? 0
        let transportName = transports.name(request: definition.transport, environment: try environmentTransport(),
                                            collections: loaded.settings.map(\.transport))
        let connection = try connectionResolver(for: loaded, transport: transportName).resolve(render: render)
        let settings = TransportSettings(followsRedirects: definition.followRedirects ?? true, trustsRedirects: definition.trustRedirects ?? false,
                                         spooling: spooling, maximumBodySize: transports.maximumBodySize,
                                         tls: connection.tls, proxies: connection.proxies, http1Only: connection.http1Only)
        let transports = self.transports
        let authorization = oauth2
        let jar = cookies.map { $0.jars.jar(collectionRoot: loaded.collectionRoot, environment: $0.environment) } ?? CookieJar()
        let make = { () throws -> Endpoint in
            do {
                let endpoint = Endpoint(baseUrl: base, retryingCount: retries, transport: try transports.make(transportName, settings), cookies: jar)
                auth?.install(on: endpoint.modifiers)
                if let authorization { try authorize(endpoint, with: authorization, of: loaded, transport: transportName, settings: settings) }
                return endpoint
            } catch {
                throw ResolveError(description: "\(fileLocation.description): error: \(error)")
            }
        }
        let endpoint = try endpoints.map { scope in
            try scope.pool.endpoint(for: EndpointPool.Key(collection: loaded.collectionRoot, environment: scope.environment, base: base,
                                                          transport: transportName, settings: settings, retries: retries,
                                                          auth: auth?.isSentByModifiers == true ? auth : nil,
                                                          authorization: authorization?.cacheKey), make: make)
        } ?? make()
        let converter = definition.converter.map { KeyPathResponseConverter(path: $0) }
        let errorConverter = definition.errorConverter.map { KeyPathResponseConverter(path: $0) }
        let folder = loaded.file.deletingLastPathComponent()
        let method = HTTPMethod(rawValue: definition.method)

        if case .multipart(let fields)? = definition.body {
            let parts = try fields.map { field throws -> MultipartPart in try Self.part(field, render: { text throws(TemplateError) in try render(text, at("body")) }, folder: folder) }
            // `body` and `files` say the same for code that reads them; `parts` keeps the order.
            let texts = parts.compactMap { part -> (String, String)? in if case .text(let name, let value, _) = part { (name, value) } else { nil } }
            let files = parts.compactMap { part -> MultipartFile? in if case .file(let file) = part { file } else { nil } }
            let request = DefaultMultipartFormDataRequest<Data, String>(
                path: path, method: method, queryParams: query, body: texts.isEmpty ? nil : .form(texts), headers: headers,
                timeout: timeout, responseConverter: converter, errorConverter: errorConverter, files: files, parts: parts)
            return (.multipart(request, endpoint), auth, connection)
        }

        var body: RequestBody?
        switch definition.body {
        case .json(let value)?:
            body = .raw(Data(try value.jsonText { text throws(TemplateError) in try render(text, at("body")) }.utf8))
            if headers[.contentType] == nil { headers.contentType = .application(.json) }
        case .text(let text)?:
            body = .string(try render(text, at("body")))
        case .form(let fields)?:
            body = .form(try fields.filter(\.enabled).map { ($0.name, try render($0.value, $0.location)) })
        case .file(let file)?:
            let url = Self.file(try render(file, at("body")), relativeTo: folder)
            guard let data = FileManager.default.contents(atPath: url.path) else {
                throw ResolveError(description: "\(at("body").description): error: the body file \(url.path) cannot be read")
            }
            body = .raw(data)
            if headers[.contentType] == nil { headers.contentType = MimeType(fileExtension: url.pathExtension) ?? .application(.octetStream) }
        case .multipart?, nil:
            break
        }
        let request = DefaultRequest<Data, String>(
            path: path, method: method, queryParams: query, body: body, headers: headers, timeout: timeout,
            responseConverter: converter, errorConverter: errorConverter)
        return (.plain(request, endpoint), auth, connection)
    }

    /// A header's filled-in value, refused when it holds a line break: sent, it would end the
    /// header and start another (`X-Trace: {{id}}` with `id` = `1\r\nX-Admin: 1`).
    private static func headerValue(_ value: String, of field: Field, in loaded: LoadedRequest) throws -> String {
        guard let problem = RequestHeaders.problem(withValue: value) else { return value }
        let place = (field.location ?? SourceLocation(file: loaded.displayPath, line: 1, column: 1)).description
        let variables = TemplateContext.references(in: field.value)
        let source = variables.isEmpty ? "" : " (filled in from \(variables.map { "{{\($0)}}" }.joined(separator: ", ")))"
        throw ResolveError(description: "\(place): error: the value of header \(field.name)\(source) \(problem); the request is refused")
    }

    /// A `multipart:` entry as the part it sends: text (with its `mime:` as the part's type), a
    /// file, or text sent as a file when it has a `filename:`.
    private static func part(_ field: MultipartField, render: (String) throws(TemplateError) -> String, folder: URL) throws -> MultipartPart {
        let mime = field.mime.flatMap { MimeType($0) }
        if let value = field.value {
            let text = try render(value)
            guard let filename = field.filename else { return .text(name: field.name, value: text, mime: mime) }
            let type = mime ?? MimeType(fileExtension: URL(fileURLWithPath: filename).pathExtension) ?? .text(.plain)
            return .file(DefaultMultipartFile(resource: Data(text.utf8), mime: type, fileName: filename, fieldName: field.name))
        }
        let url = Self.file(try render(field.file ?? ""), relativeTo: folder)
        let type = mime ?? MimeType(fileExtension: url.pathExtension) ?? .application(.octetStream)
        return .file(DefaultMultipartFile(resource: url, mime: type, fileName: field.filename ?? url.lastPathComponent, fieldName: field.name))
    }

    private static func file(_ path: String, relativeTo folder: URL) -> URL {
        path.hasPrefix("/") ? URL(fileURLWithPath: path) : folder.appendingPathComponent(path).standardizedFileURL
    }
}
