import Foundation

/// One request as a `Request` type, with its response and body types.
struct SwiftRequestWriter {
    let exported: ExportedRequest
    /// `ListUsers`: the request type is `ListUsersRequest`, its response `ListUsersResponse`.
    let typeName: String
    /// Variable values to use as the stored properties' defaults (secrets already left empty).
    let defaults: [Field]
    /// The (converted) response examples, none when there is none.
    let examples: ResponseExamples
    private(set) var warnings: [String] = []
    /// Variables the request uses, in first-use order: the placeholder name and the property.
    private var properties: [(variable: String, property: String)] = []
    /// The file parts of a multipart body, as `DefaultMultipartFile` expressions.
    private var files: [String] = []
    private var isMultipart = false

    /// Names the `Request` protocol uses, which a variable's property must not take.
    private static let reserved: Set<String> = [
        "path", "method", "queryParams", "body", "headers", "timeout", "responseConverter", "errorConverter", "endpoint",
        "decoder", "requiresAuthentication",
    ]

    /// JSON examples of a response, which its type must decode every one of.
    struct ResponseExamples {
        var values: [JSONValue]
        /// Where they come from, for the type's comment: `an example of it`.
        var origin: String

        /// What the examples share: a key one of them lacks, or holds null, is optional.
        var shape: SwiftTypeInference.Shape? {
            values.map(SwiftTypeInference.shape(of:)).reduce(nil) { SwiftTypeInference.merged($0, $1) }
        }
    }

    init(exported: ExportedRequest, typeName: String, defaults: [Field], examples: ResponseExamples) {
        self.exported = exported
        self.typeName = typeName
        self.defaults = defaults
        self.examples = examples
    }

    mutating func lines() -> [String] {
        let request = exported.request
        var declarations: [String] = []
        var members: [String] = []

        // The response type.
        var writer = SwiftTypeWriter(rootConformances: "Codable, Sendable, ResponseObject", nestedConformances: "Codable, Sendable")
        let response = examples.shape.flatMap { writer.declare($0, name: typeName + "Response") }
        if response != nil {
            declarations += ["/// The response of \(exported.name), inferred from \(examples.origin)."] + writer.lines + [""]
        }
        var header = ["/// \(exported.name): `\(request.method) \(request.url ?? "")` (\(exported.id))."]
        if response == nil {
            header.append("/// No JSON example of its response was at hand (send it so History keeps one, then export again), so the response is `Data`.")
        }

        // Everything that reads variables first, so the stored properties are known.
        let path = pathExpression(request.url ?? "")
        var query = request.query.filter(\.enabled).map { "(\(literal($0.name)), \(literal($0.value)))" }
        var headers = request.headers.filter(\.enabled).map { "(\(literal($0.name)), \(literal($0.value)))" }
        switch request.auth {
        case .bearer(let token)?: headers.append("(\"Authorization\", \(literal("Bearer " + token)))")
        case .basic(let user, let password)?:
            headers.append("(\"Authorization\", \"Basic \\(Data(\(literal(user + ":" + password)).utf8).base64EncodedString())\")")
        case .apiKey(let name, let value, .header)?: headers.append("(\(literal(name)), \(literal(value)))")
        case .apiKey(let name, let value, .query)?: query.append("(\(literal(name)), \(literal(value)))")
        case .digest?, .awsSigV4?:
            // Both answer per request (a challenge, a signature): the endpoint's interceptor or adapter does it.
            warnings.append("\(exported.id): Digest and AWS SigV4 belong to the endpoint (CourierAuth's DigestAuthenticator, SigV4Adapter); no Authorization header written")
        case .none?: break
        case .oauth2?:
            // A token is the endpoint's business in Courier: an OAuth2TokenProvider behind a BearerTokenInterceptor.
            warnings.append("\(exported.id): OAuth 2.0 belongs to the endpoint (CourierAuth's OAuth2TokenProvider); no Authorization header written")
        case nil: break
        }
        let body = bodyExpression(request.body, declarations: &declarations)
        if request.followRedirects == false {
            warnings.append("\(exported.id): followRedirects: false is the endpoint's session setting in Courier, not a request's; not written")
        }

        members.append("    typealias ResponseObjectType = \(response?.qualifiedSpelling ?? "Data")")
        members.append("    typealias ErrorType = String")
        if !properties.isEmpty { members.append("") }
        for (variable, property) in properties {
            let value = defaults.first { $0.name == variable }?.value ?? ""
            members.append(value.isEmpty ? "    var \(property): String" : "    var \(property): String = \(SwiftNames.literal(value))")
        }
        members.append("")
        members.append("    var path: String { \(path) }")
        members.append("    var method: HTTPMethod { \(method(request.method)) }")
        if !query.isEmpty { members.append("    var queryParams: [(String, String)] { [\(query.joined(separator: ", "))] }") }
        if !headers.isEmpty { members.append("    var headers: RequestHeaders { RequestHeaders([\(headers.joined(separator: ", "))]) }") }
        if let body { members.append("    var body: RequestBody? { \(body) }") }
        if let timeout = request.timeout { members.append("    var timeout: TimeInterval? { \(timeout) }") }
        if let converter = request.converter, !converter.isEmpty {
            members.append("    var responseConverter: ResponseJsonConverter? { KeyPathResponseConverter(path: \(SwiftNames.literal(converter))) }")
        }
        if let converter = request.errorConverter, !converter.isEmpty {
            members.append("    var errorConverter: ResponseJsonConverter? { KeyPathResponseConverter(path: \(SwiftNames.literal(converter))) }")
        }
        if !files.isEmpty {
            members.append("")
            members.append("    /// The folder the files' relative paths are read from (the request file's folder in the collection).")
            members.append("    var filesFolder = URL(fileURLWithPath: \".\")")
            members.append("    var files: [MultipartFile] {")
            members.append("        [")
            members += files.map { "            " + $0 + "," }
            members.append("        ]")
            members.append("    }")
        }
        let kind = files.isEmpty && !isMultipart ? "Request" : "MultipartFormDataRequest"
        return declarations + header + ["struct \(typeName)Request: \(kind) {"] + members + ["}"]
    }

    /// The path relative to the endpoint when the URL starts with `{{baseUrl}}`, else the absolute URL.
    private mutating func pathExpression(_ url: String) -> String {
        let prefix = "{{\(ExportedCollection.baseUrlVariable)}}"
        guard url.hasPrefix(prefix) else { return literal(url) }
        var relative = String(url.dropFirst(prefix.count))
        if relative.hasPrefix("/") { relative.removeFirst() }
        return literal(relative)
    }

    private static let methods: Set<String> = ["GET", "POST", "PUT", "PATCH", "DELETE", "HEAD", "OPTIONS"]

    private func method(_ name: String) -> String {
        Self.methods.contains(name) ? "." + name.lowercased() : "HTTPMethod(rawValue: \(SwiftNames.literal(name)))"
    }

    private mutating func bodyExpression(_ body: BodyDefinition?, declarations: inout [String]) -> String? {
        switch body {
        case nil: return nil
        case .text(let text)?: return ".string(\(literal(text)))"
        case .form(let fields)?: return ".form([\(fields.filter(\.enabled).map { "(\(literal($0.name)), \(literal($0.value)))" }.joined(separator: ", "))])"
        case .file(let path)?: return ".file(URL(fileURLWithPath: \(literal(path))))"
        case .multipart(let parts)?:
            return multipart(parts)
        case .json(let value)?:
            var writer = SwiftTypeWriter(rootConformances: "Encodable, Sendable", nestedConformances: "Encodable, Sendable")
            guard let type = writer.declare(SwiftTypeInference.shape(of: value), name: typeName + "Body") else {
                return ".raw(Data(\(SwiftNames.literal(value.compactText)).utf8))"
            }
            if !writer.lines.isEmpty { declarations += ["/// The body of \(exported.name), typed after the request file's JSON."] + writer.lines + [""] }
            _ = value.mappingStrings { text in
                register(text)
                return text
            }
            let expression = SwiftTypeWriter.expression(value, as: type) { inner in interpolation(inner) }
            return ".json(\(expression))"
        }
    }

    /// The text parts as `.params` (Courier sends them before the files); the file parts go to `files`.
    private mutating func multipart(_ parts: [MultipartField]) -> String? {
        isMultipart = true
        var fields: [String] = []
        for part in parts {
            guard let file = part.file else {
                fields.append("\(literal(part.name)): \(literal(part.value ?? ""))")
                continue
            }
            let fileName = part.filename ?? String(file.split(separator: "/").last ?? Substring(file))
            let resource = file.hasPrefix("/") ? "URL(fileURLWithPath: \(literal(file)))" : "filesFolder.appendingPathComponent(\(literal(file)))"
            let mime = part.mime.map { "MimeType(\(literal($0))) ?? .application(.octetStream)" }
                ?? "MimeType(fileExtension: \(literal(String(fileName.split(separator: ".").last ?? "")))) ?? .application(.octetStream)"
            files.append("DefaultMultipartFile(resource: \(resource), mime: \(mime), fileName: \(literal(fileName)), fieldName: \(literal(part.name)))")
        }
        if fields.count > 1 {
            warnings.append("\(exported.id): multipart text fields are sent before the files, in no set order")
        }
        return fields.isEmpty ? nil : ".params([\(fields.joined(separator: ", "))])"
    }

    /// A string literal with each `{{…}}` as an interpolation.
    private mutating func literal(_ text: String) -> String {
        register(text)
        return SwiftNames.literal(text) { interpolation($0) }
    }

    /// Makes the stored properties for the variables `text` reads.
    private mutating func register(_ text: String) {
        var names: [String] = []
        _ = TemplateSyntax.rewrite(text) { inner in
            names.append(inner)
            return inner
        }
        for name in names where Self.builtIn(name) == nil { _ = property(for: name) }
    }

    /// The interpolation for `{{inner}}`: a built-in's expression or the variable's property.
    private func interpolation(_ inner: String) -> String? {
        Self.builtIn(inner) ?? properties.first { $0.variable == inner }?.property
    }

    /// The stored property that holds variable `name` (made on first use).
    private mutating func property(for name: String) -> String {
        if let known = properties.first(where: { $0.variable == name }) { return known.property }
        var property = SwiftNames.property(name.hasPrefix("$") ? String(name.dropFirst()) : name)
        while Self.reserved.contains(property) || properties.contains(where: { $0.property == property }) { property += "Value" }
        if name.hasPrefix("$") { warnings.append("\(exported.id): {{\(name)}} has no Swift equivalent; it is the property `\(property)`") }
        properties.append((name, property))
        return property
    }

    /// Courier's built-ins as Swift expressions; nil for a plain variable.
    private static func builtIn(_ inner: String) -> String? {
        switch inner {
        case "$uuid": return "UUID().uuidString"
        case "$timestamp": return "Int(Date().timeIntervalSince1970)"
        case "$randomInt": return "Int.random(in: 0...1000)"
        case _ where inner.hasPrefix("$env."):
            return "ProcessInfo.processInfo.environment[\(SwiftNames.literal(String(inner.dropFirst(5))))] ?? \"\""
        default: return nil
        }
    }
}
