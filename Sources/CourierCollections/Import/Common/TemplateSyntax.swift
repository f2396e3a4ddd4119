/// Other tools' `{{…}}` placeholders in Courier's spelling: variables stay as they are, built-in
/// functions are renamed where Courier has the same one, and the rest are reported.
enum TemplateSyntax {
    /// Built-ins of Postman, the `.http` dialects and Insomnia that Courier has under another name.
    static let functions: [String: String] = [
        "$uuid": "$uuid", "$guid": "$uuid", "$randomUUID": "$uuid", "$random.uuid": "$uuid",
        "$timestamp": "$timestamp", "$randomInt": "$randomInt", "$random.integer": "$randomInt",
    ]

    /// `text` with each `{{inner}}` replaced by `{{transform(inner)}}`; a nil from `transform`
    /// keeps the placeholder as written and lists it.
    static func rewrite(_ text: String, _ transform: (String) -> String?) -> (text: String, unknown: [String]) {
        guard text.contains("{{") else { return (text, []) }
        var result = ""
        var unknown: [String] = []
        var rest = Substring(text)
        while let open = rest.range(of: "{{") {
            result += rest[..<open.lowerBound]
            guard let close = rest[open.upperBound...].range(of: "}}") else {
                rest = rest[open.lowerBound...]
                break
            }
            let inner = String(rest[open.upperBound..<close.lowerBound])
            if let mapped = transform(inner.trimmingCharacters(in: .whitespaces)) {
                result += "{{\(mapped)}}"
            } else {
                result += "{{\(inner)}}"
                unknown.append("{{\(inner)}}")
            }
            rest = rest[close.upperBound...]
        }
        return (result + rest, unknown)
    }

    /// The common reading of a placeholder: a variable name as it is, a built-in by the table,
    /// `$processEnv NAME` and `$env.NAME` as Courier's `$env.NAME`; nil for other built-ins.
    static func standard(_ inner: String) -> String? {
        guard inner.hasPrefix("$") else { return inner }
        if let mapped = functions[inner] { return mapped }
        if inner.hasPrefix("$env.") { return inner }
        let words = inner.split(separator: " ")
        if words.count == 2, words[0] == "$processEnv" || words[0] == "$env" { return "$env.\(words[1])" }
        // REST Client's `{{$randomInt min max}}`: Courier's has no bounds.
        if words.count == 3, words[0] == "$randomInt" { return "$randomInt" }
        return nil
    }

    /// Whether the whole of `text` is one placeholder, `{{token}}`: such a value is a reference, not a secret itself.
    static func isPlaceholder(_ text: String) -> Bool {
        text.contains("{{") && text.contains("}}")
    }
}

/// Rewrites every templated text of a request in one place, so no format forgets a field.
extension RequestDefinition {
    /// The request with `transform` applied to its URL, path, fields, body texts and auth.
    func mappingTemplates(_ transform: (String) -> String) -> RequestDefinition {
        var copy = self
        copy.url = url.map(transform)
        copy.path = path.map(transform)
        func fields(_ list: [Field]) -> [Field] { list.map { Field(name: transform($0.name), value: transform($0.value), enabled: $0.enabled) } }
        copy.query = fields(query)
        copy.headers = fields(headers)
        switch body {
        case .text(let text)?: copy.body = .text(transform(text))
        case .form(let list)?: copy.body = .form(fields(list))
        case .json(let value)?: copy.body = .json(value.mappingStrings(transform))
        case .multipart(let parts)?:
            copy.body = .multipart(parts.map { part in
                var part = part
                part.value = part.value.map(transform)
                return part
            })
        case .file, nil: break
        }
        copy.auth = auth?.mapValues { _, value in transform(value) }
        return copy
    }
}

extension JSONValue {
    /// The value with every string (keys too) passed through `transform`.
    func mappingStrings(_ transform: (String) -> String) -> JSONValue {
        switch self {
        case .string(let text): return .string(transform(text))
        case .array(let items): return .array(items.map { $0.mappingStrings(transform) })
        case .object(let pairs): return .object(pairs.map { (transform($0.0), $0.1.mappingStrings(transform)) })
        default: return self
        }
    }
}
