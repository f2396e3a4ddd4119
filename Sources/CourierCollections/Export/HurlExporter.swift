/// Writes requests as a Hurl file (hurl.dev): one entry per request, `{{placeholders}}` kept
/// (Hurl's own syntax), `capture:` as `[Captures]` and `expect:` as `[Asserts]`, so CI can run the
/// same checks with `hurl --test`. Hurl has no importer here; golden files pin its grammar.
public enum HurlExporter {
    /// The Hurl file of `collection`'s requests.
    public static func export(_ collection: ExportedCollection, options: CollectionExportOptions = CollectionExportOptions()) -> ExportDocument {
        var warnings: [String] = []
        var lines: [String] = []
        let (variables, withheld) = collection.variableValues(environment: options.environment, includeSecrets: options.includeSecrets)
        // Hurl files cannot set variables or a timeout; the command line (or HURL_name in the environment) does.
        let timeouts = Set(collection.requests.compactMap(\.request.timeout).filter { $0 > 0 })
        if !variables.isEmpty || !timeouts.isEmpty {
            lines.append("# Run with: hurl --test \\")
            if let timeout = timeouts.max() { lines.append("#   --max-time \(Int(timeout.rounded(.up))) \\") }
            for variable in variables {
                let value = ExportDialect.hurl.rewrite(variable.value, place: "variable \(variable.name)", warnings: &warnings)
                lines.append("#   --variable \(variable.name)=\(value) \\")
            }
            lines.append("#   FILE.hurl")
        }
        if timeouts.count > 1 {
            warnings.append("requests have different timeouts; Hurl has one per run (--max-time), the longest is suggested")
        }
        for exported in collection.requests {
            if !lines.isEmpty { lines.append("") }
            lines += entry(exported, warnings: &warnings)
        }
        return ExportDocument(text: lines.joined(separator: "\n") + "\n", warnings: warnings + CollectionExportOptions.withheldWarning(withheld))
    }

    private static func entry(_ exported: ExportedRequest, warnings: inout [String]) -> [String] {
        let request = ExportDialect.hurl.rewrite(exported.request, place: exported.id, warnings: &warnings)
        var lines = ["# \(exported.name)", "\(request.method) \(request.url ?? "")"]
        var headers = ExportText.headersWithContentType(request)
        if case .bearer(let token)? = request.auth { headers.append(Field(name: "Authorization", value: "Bearer \(token)")) }
        if case .form? = request.body { headers.removeAll { $0.name.lowercased() == "content-type" } }
        if case .multipart? = request.body { headers.removeAll { $0.name.lowercased() == "content-type" } }
        for header in headers {
            lines.append((header.enabled ? "" : "# ") + "\(keyString(header.name, isKey: true)): \(keyString(header.value))")
        }
        lines += section("QueryStringParams", request.query.map { ($0.enabled ? "" : "# ") + "\(keyString($0.name, isKey: true)): \(keyString($0.value))" })
        if case .form(let fields)? = request.body {
            lines += section("FormParams", fields.map { ($0.enabled ? "" : "# ") + "\(keyString($0.name, isKey: true)): \(keyString($0.value))" })
        }
        if case .multipart(let parts)? = request.body {
            lines += section("MultipartFormData", parts.map { part in
                let name = keyString(part.name, isKey: true)
                guard let file = part.file else { return "\(name): \(keyString(part.value ?? ""))" }
                return "\(name): file,\(filename(file));" + (part.mime.map { " \($0)" } ?? "")
            })
        }
        if case .basic(let user, let password)? = request.auth {
            lines += section("BasicAuth", ["\(keyString(user, isKey: true)): \(keyString(password))"])
        }
        var options: [String] = []
        if request.followRedirects != false { options.append("location: true") }
        lines += section("Options", options)
        switch request.body {
        case .json(let value)?: lines.append(ExportText.prettyJSON(value))
        case .text(let text)?: lines += rawString(text, id: exported.id, warnings: &warnings)
        case .file(let path)?: lines.append("file,\(filename(path));")
        case .form?, .multipart?, nil: break
        }
        lines += response(request, id: exported.id, warnings: &warnings)
        return lines
    }

    /// `HTTP …` with `[Captures]` and `[Asserts]`. With no `expect:`, courier passes a 2xx/3xx
    /// status, so the Hurl file asserts the same.
    private static func response(_ request: RequestDefinition, id: String, warnings: inout [String]) -> [String] {
        var expectations = request.expectations
        var status = "*"
        if let index = expectations.firstIndex(where: { assertion in
            guard case .status = assertion.subject, !assertion.negated, case .compare(.equal, .literal(.number(let code))) = assertion.predicate else { return false }
            return Int(code) != nil
        }), case .compare(_, .literal(.number(let code))) = expectations[index].predicate {
            status = code
            expectations.remove(at: index)
        }
        var lines = ["", "HTTP \(status)"]
        lines += section("Captures", request.captures.map { "\(keyString($0.name, isKey: true)): \(HurlQueries.query($0.subject))" })
        var asserts: [String] = []
        for assertion in expectations {
            if let line = HurlQueries.assert(assertion) {
                asserts.append(line)
            } else {
                asserts.append("# expect: \(assertion.text)")
                warnings.append("\(id): `\(assertion.text)` has no Hurl equivalent; kept as a comment")
            }
        }
        if request.expectations.isEmpty { asserts.append("status < 400") }
        lines += section("Asserts", asserts)
        return lines
    }

    /// A text body as a Hurl multiline string, which ends with the line break before its closing
    /// fence; a text without a final line break is a one-line string when it has one line.
    private static func rawString(_ text: String, id: String, warnings: inout [String]) -> [String] {
        if text.hasSuffix("\n") { return ["```", String(text.dropLast()), "```"] }
        if !text.contains("\n") && !text.contains("`") { return ["```\(text)```"] }
        warnings.append("\(id): Hurl adds a line break after a multi-line text body")
        return ["```", text, "```"]
    }

    private static func section(_ name: String, _ lines: [String]) -> [String] {
        lines.isEmpty ? [] : ["[\(name)]"] + lines
    }

    /// A file path as Hurl's `file,` filename: `;`, `#`, spaces and backslashes escaped.
    private static func filename(_ path: String) -> String {
        var out = ""
        for character in path {
            if "\\;# ".contains(character) { out.append("\\") }
            out.append(character)
        }
        return out
    }

    /// A key or value of a `key: value` line: `#` would start a comment and `:` end a key, so
    /// they are escaped; `{{placeholders}}` stay.
    static func keyString(_ text: String, isKey: Bool = false) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\": out += "\\\\"
            case "#": out += "\\#"
            case ":" where isKey: out += "\\:"
            case " " where isKey: out += "\\ "
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}
