/// Writes requests as one `.http` file (VS Code REST Client, JetBrains HTTP Client, httpyac):
/// `@name = value` lines for the variables, `{{placeholders}}` kept, and captures and status
/// checks as the JetBrains response handler lines courier's `.http` importer reads back.
public enum HTTPFileExporter {
    /// The `.http` file of `collection`'s requests.
    public static func export(_ collection: ExportedCollection, options: CollectionExportOptions = CollectionExportOptions()) -> ExportDocument {
        var warnings: [String] = []
        var lines: [String] = []
        let (variables, withheld) = collection.variableValues(environment: options.environment, includeSecrets: options.includeSecrets)
        for variable in variables {
            let value = ExportDialect.httpFile.rewrite(variable.value, place: "@\(variable.name)", warnings: &warnings)
            lines.append(value.isEmpty ? "@\(variable.name) =" : "@\(variable.name) = \(value)")
        }
        for exported in collection.requests {
            if !lines.isEmpty { lines.append("") }
            lines += requestLines(exported, warnings: &warnings)
        }
        return ExportDocument(text: lines.joined(separator: "\n") + "\n", warnings: warnings + CollectionExportOptions.withheldWarning(withheld))
    }

    private static func requestLines(_ exported: ExportedRequest, warnings: inout [String]) -> [String] {
        let request = ExportDialect.httpFile.rewrite(exported.request, place: exported.id, warnings: &warnings)
        var lines = ["### \(exported.name)"]
        var handler: [String] = []
        for capture in request.captures {
            switch capture.subject {
            case .body: handler.append("client.global.set(\"\(capture.name)\", response.body);")
            case .bodyPath(let path): handler.append("client.global.set(\"\(capture.name)\", response.body\(ExportText.javaScriptAccess(path)));")
            case .header(let name): handler.append("client.global.set(\"\(capture.name)\", response.headers.valueOf(\"\(name)\"));")
            default:
                lines.append("# capture \(capture.name): \(capture.subject)")
                warnings.append("\(exported.id): the .http file cannot capture \(capture.subject); kept as a comment")
            }
        }
        for assertion in request.expectations {
            if case .status = assertion.subject, !assertion.negated, case .compare(.equal, .literal(.number(let code))) = assertion.predicate {
                handler.append("client.assert(response.status === \(code), \"\(assertion.text.replacingOccurrences(of: "\"", with: "'"))\");")
            } else {
                lines.append("# expect: \(assertion.text)")
                warnings.append("\(exported.id): `\(assertion.text)` has no .http equivalent; kept as a comment")
            }
        }
        if request.followRedirects == false { lines.append("# @no-redirect") }
        for field in request.query where !field.enabled { lines.append("# disabled query: \(field.name)=\(field.value)") }
        lines.append("\(request.method) \(ExportText.url(request.url ?? "", query: request.query))")
        var headers = ExportText.headersWithContentType(request)
        switch request.auth {
        case .bearer(let token)?: headers.append(Field(name: "Authorization", value: "Bearer \(token)"))
        // REST Client and httpyac encode `Basic user:password` themselves.
        case .basic(let user, let password)?: headers.append(Field(name: "Authorization", value: "Basic \(user):\(password)"))
        case .apiKey(let name, let value, .header)?: headers.append(Field(name: name, value: value))
        case .apiKey(let name, let value, .query)?:
            lines[lines.count - 1] = "\(request.method) \(ExportText.url(request.url ?? "", query: request.query + [Field(name: name, value: value)]))"
        // REST Client's and httpyac's own spellings: they compute the Digest answer and the SigV4 signature themselves.
        case .digest(let user, let password, _)?: headers.append(Field(name: "Authorization", value: "Digest \(user) \(password)"))
        case .awsSigV4(let accessKey, let secretKey, let sessionToken, let region, let service)?:
            let token = sessionToken.map { " token:\($0)" } ?? ""
            headers.append(Field(name: "Authorization", value: "AWS \(accessKey) \(secretKey)\(token) region:\(region) service:\(service)"))
        case .none?: break
        case .oauth2(let oauth)?:
            // .http clients fetch OAuth tokens each their own way; say where the token comes from instead.
            lines.insert("# auth: OAuth 2.0 \(oauth.grant.rawValue) from \(oauth.tokenUrl); add `Authorization: Bearer …`", at: lines.count - 1)
            warnings.append("\(exported.id): OAuth 2.0 has no .http equivalent; the request has no Authorization header")
        case nil: break
        }
        var boundary: String?
        if case .multipart = request.body {
            boundary = "courier-boundary"
            headers.removeAll { $0.name.lowercased() == "content-type" }
            headers.append(Field(name: "Content-Type", value: "multipart/form-data; boundary=courier-boundary"))
        }
        for header in headers {
            if header.enabled { lines.append("\(header.name): \(header.value)") } else { lines.append("# disabled header: \(header.name): \(header.value)") }
        }
        if case .text(let text)? = request.body, text.hasSuffix("\n") {
            warnings.append("\(exported.id): a .http body cannot end with a line break; the final one is left out")
        }
        if let body = bodyText(request.body, boundary: boundary) {
            lines.append("")
            lines.append(body)
        }
        if !handler.isEmpty {
            lines.append("")
            lines += ["> {%"] + handler.map { "    " + $0 } + ["%}"]
        }
        return lines
    }

    private static func bodyText(_ body: BodyDefinition?, boundary: String?) -> String? {
        switch body {
        case nil: return nil
        case .json(let value)?: return ExportText.prettyJSON(value)
        case .text(let text)?: return text
        case .form(let fields)?: return ExportText.pairs(fields)
        case .file(let path)?: return "< \(path)"
        case .multipart(let parts)?:
            let marker = "--" + (boundary ?? "")
            var lines: [String] = []
            for part in parts {
                lines.append(marker)
                let fileName = part.filename ?? part.file.map { String($0.split(separator: "/").last ?? "") }
                lines.append("Content-Disposition: form-data; name=\"\(part.name)\"" + (fileName.map { "; filename=\"\($0)\"" } ?? ""))
                if let mime = part.mime { lines.append("Content-Type: \(mime)") }
                lines.append("")
                lines.append(part.file.map { "< \($0)" } ?? part.value ?? "")
            }
            return (lines + [marker + "--"]).joined(separator: "\n")
        }
    }
}
