import Foundation

/// Insomnia's Nunjucks templates in Courier's spelling: `{{ _.name }}` → `{{name}}`,
/// `{% uuid %}` → `{{$uuid}}`, and `{% response 'body', 'req_1', 'b64::…' %}` → a capture on
/// request `req_1` and a requirement on it.
extension InsomniaMapper {
    /// `text` rewritten, with the ids of the requests its response tags read.
    mutating func templates(_ text: String, place: String) -> (String, [String]) {
        var requires: [String] = []
        var result = ""
        var rest = Substring(text)
        while let open = rest.range(of: "{%") {
            result += rest[..<open.lowerBound]
            guard let close = rest[open.upperBound...].range(of: "%}") else { break }
            let tag = String(rest[open.upperBound..<close.lowerBound]).trimmingCharacters(in: .whitespaces)
            if let replacement = tagReplacement(tag, requires: &requires) {
                result += replacement
            } else {
                result += "{%\(rest[open.upperBound..<close.lowerBound])%}"
                skip(place, "{% \(tag) %}: no Courier equivalent; kept as written")
            }
            rest = rest[close.upperBound...]
        }
        result += rest
        let (rewritten, unknown) = TemplateSyntax.rewrite(result, Self.variable)
        for placeholder in unknown { skip(place, "\(placeholder): not a plain variable; kept as written") }
        return (rewritten, requires)
    }

    /// An environment value: variables rewritten; tags there stay as written.
    func environmentValue(_ text: String) -> String {
        TemplateSyntax.rewrite(text, Self.variable).text
    }

    /// `_.name`, `_['name']` or `name` → `name`; nil for filters and expressions.
    static func variable(_ inner: String) -> String? {
        var name = inner
        if name.hasPrefix("_.") { name = String(name.dropFirst(2)) }
        if name.hasPrefix("_['") && name.hasSuffix("']") { name = String(name.dropFirst(3).dropLast(2)) }
        if name.hasPrefix("_[\"") && name.hasSuffix("\"]") { name = String(name.dropFirst(3).dropLast(2)) }
        guard !name.isEmpty, name.allSatisfy({ $0.isLetter || $0.isNumber || "_-.$".contains($0) }) else { return nil }
        return name.hasPrefix("$") ? TemplateSyntax.standard(name) : name
    }

    private mutating func tagReplacement(_ tag: String, requires: inout [String]) -> String? {
        let words = tag.split(separator: " ", maxSplits: 1).map(String.init)
        guard let name = words.first else { return nil }
        let arguments = words.count > 1 ? Self.arguments(words[1]) : []
        switch name {
        case "uuid": return "{{$uuid}}"
        case "now" where arguments.first == "unix": return "{{$timestamp}}"
        case "response":
            guard arguments.count >= 2, let capture = responseCapture(arguments) else { return nil }
            requires.append(arguments[1])
            return "{{\(capture)}}"
        default: return nil
        }
    }

    /// The capture a response tag needs, recorded on the request it reads; its variable name.
    private mutating func responseCapture(_ arguments: [String]) -> String? {
        let (attribute, request) = (arguments[0], arguments[1])
        let filter = arguments.count > 2 ? Self.decode(arguments[2]) : ""
        let source: String
        switch attribute {
        case "body" where filter.isEmpty || filter == "$": source = "body"
        case "body":
            guard filter.hasPrefix("$"), let path = ScriptPatterns.keyPath("." + filter.dropFirst().drop { $0 == "." }), !path.isEmpty else { return nil }
            source = "body \(path)"
        case "header" where !filter.isEmpty: source = "header \(filter)"
        case "raw": source = "body"
        default: return nil
        }
        guard let subject = try? AssertionGrammar.captureSource(source) else { return nil }
        let last = source.split(whereSeparator: { $0 == "/" || $0 == " " }).last.map(String.init) ?? "body"
        var name = last.replacingOccurrences(of: "-", with: "_")
        let taken = pendingCaptures.flatMap { id, captures in captures.filter { id != request || $0.subject != subject } }.map(\.name)
        var counter = 2
        while taken.contains(name) {
            name = "\(last)_\(counter)"
            counter += 1
        }
        let capture = CaptureDefinition(name: name, subject: subject)
        if !(pendingCaptures[request] ?? []).contains(capture) { pendingCaptures[request, default: []].append(capture) }
        return name
    }

    /// `'a', 'b', 3` → `["a", "b", "3"]`.
    static func arguments(_ text: String) -> [String] {
        var result: [String] = []
        var current = ""
        var quote: Character?
        for character in text {
            if let open = quote {
                if character == open { quote = nil } else { current.append(character) }
            } else if character == "'" || character == "\"" {
                quote = character
            } else if character == "," {
                result.append(current.trimmingCharacters(in: .whitespaces))
                current = ""
            } else {
                current.append(character)
            }
        }
        result.append(current.trimmingCharacters(in: .whitespaces))
        return result
    }

    /// Insomnia writes filters as `b64::<base64>::46b`.
    static func decode(_ filter: String) -> String {
        guard filter.hasPrefix("b64::"), filter.hasSuffix("::46b") else { return filter }
        let encoded = String(filter.dropFirst(5).dropLast(5))
        return Data(base64Encoded: encoded).flatMap { String(data: $0, encoding: .utf8) } ?? filter
    }
}
