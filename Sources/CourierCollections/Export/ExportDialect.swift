/// How another tool spells Courier's built-in placeholders, and what an export says about the
/// ones it cannot spell: every exporter rewrites templates through here, so none forgets one.
struct ExportDialect: Sendable {
    /// The tool's name, for warnings.
    let tool: String
    /// The tool's spelling of `{{$uuid}}`, `{{$timestamp}}`, `{{$randomInt}}` (the inner text), or nil.
    let functions: [String: String]
    /// The tool's spelling of `{{$env.NAME}}`, or nil when it cannot read the process environment.
    let processEnvironment: (@Sendable (String) -> String)?

    /// VS Code REST Client's spelling, which httpyac and kulala read too.
    static let httpFile = ExportDialect(tool: "the .http file", functions: ["$uuid": "$guid", "$timestamp": "$timestamp", "$randomInt": "$randomInt 0 1000"],
                                        processEnvironment: { "$processEnv \($0)" })
    /// Postman's dynamic variables.
    static let postman = ExportDialect(tool: "Postman", functions: ["$uuid": "$guid", "$timestamp": "$timestamp", "$randomInt": "$randomInt"],
                                       processEnvironment: nil)
    /// Hurl's generators; Hurl reads `HURL_NAME` from the environment as the variable `NAME`.
    static let hurl = ExportDialect(tool: "Hurl", functions: ["$uuid": "newUuid"], processEnvironment: { $0 })

    /// `text` in the tool's spelling; what it cannot spell becomes a variable of the same name
    /// (`{{$demo}}` → `{{demo}}`, `{{$demo.https}}` → `{{demo_https}}`, as few tools allow dots in
    /// names) and a warning naming `place`.
    func rewrite(_ text: String, place: String, warnings: inout [String]) -> String {
        var missing: [String] = []
        let (result, _) = TemplateSyntax.rewrite(text) { inner in
            guard inner.hasPrefix("$") else { return inner }
            if let mapped = functions[inner] { return mapped }
            if inner.hasPrefix("$env."), let processEnvironment { return processEnvironment(String(inner.dropFirst(5))) }
            missing.append(inner)
            let name = inner.hasPrefix("$env.") ? String(inner.dropFirst(5)) : inner.dropFirst().replacingOccurrences(of: ".", with: "_")
            return name
        }
        for inner in missing {
            warnings.append("\(place): \(tool) has no {{\(inner)}}; written as a variable to set")
        }
        return result
    }

    /// Every templated text of `request` in the tool's spelling.
    func rewrite(_ request: RequestDefinition, place: String, warnings: inout [String]) -> RequestDefinition {
        var found: [String] = []
        let rewritten = request.mappingTemplates { rewrite($0, place: place, warnings: &found) }
        for warning in found where !warnings.contains(warning) { warnings.append(warning) }
        return rewritten
    }
}
