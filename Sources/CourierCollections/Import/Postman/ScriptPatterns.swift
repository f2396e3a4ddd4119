import Foundation

/// The statement forms of Postman test scripts that have a `capture:` or `expect:` equivalent.
enum ScriptPatterns {
    /// The capture groups of the first match of `pattern` in `text`; nil when it does not match.
    static func matches(_ pattern: String, _ text: String) -> [String]? {
        guard let regex = try? NSRegularExpression(pattern: pattern),
              let match = regex.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)) else { return nil }
        return (0..<match.numberOfRanges).map { index in
            Range(match.range(at: index), in: text).map { String(text[$0]) } ?? ""
        }
    }

    private static let quoted = #"["'`]([^"'`]+)["'`]"#
    private static let literal = #"(-?\d+(?:\.\d+)?|"[^"]*"|'[^']*'|true|false|null)"#
    private static let access = #"((?:\.[A-Za-z_$][\w$]*|\[\d+\]|\[["'][^"']+["']\])*)"#
    private static let end = #"\s*;?$"#

    /// `var data = pm.response.json();` binds `data` to the body.
    static func alias(_ statement: String) -> String? {
        matches(#"^(?:var|let|const)\s+([A-Za-z_$][\w$]*)\s*=\s*(?:pm\.response\.json\(\)|JSON\.parse\(\s*(?:responseBody|pm\.response\.text\(\))\s*\))"# + end, statement)?[1]
    }

    /// `pm.environment.set("name", SOURCE)` (and the collection, global and legacy forms).
    static func capture(_ statement: String, aliases: Set<String>) -> (String, String)? {
        let setter = #"^(?:pm\.(?:environment|collectionVariables|globals|variables)\.set|postman\.set(?:Environment|Global)Variable)\(\s*"#
        guard let parts = matches(setter + quoted + #"\s*,\s*(.+?)\s*\)"# + end, statement),
              let source = source(parts[2], aliases: aliases) else { return nil }
        return (parts[1], source)
    }

    /// What a JavaScript expression reads of the response, as a capture source.
    static func source(_ expression: String, aliases: Set<String>) -> String? {
        if let header = matches(#"^(?:pm\.response\.headers\.get|postman\.getResponseHeader)\(\s*"# + quoted + #"\s*\)$"#, expression) {
            return "header \(header[1])"
        }
        if let cookie = matches(#"^(?:pm\.cookies\.get|postman\.getResponseCookie)\(\s*"# + quoted + #"\s*\)(?:\.value)?$"#, expression) {
            return "cookie \(cookie[1])"
        }
        if expression == "pm.response.code" || expression == "responseCode.code" { return "status" }
        if expression == "pm.response.text()" || expression == "responseBody" { return "body" }
        if expression == "pm.response.responseTime" || expression == "responseTime" { return "duration" }
        guard let parts = matches(#"^(pm\.response\.json\(\)|[A-Za-z_$][\w$]*)"# + access + "$", expression),
              parts[1] == "pm.response.json()" || aliases.contains(parts[1]) else { return nil }
        guard let path = keyPath(parts[2]), !path.isEmpty else { return nil }
        return "body \(path)"
    }

    /// `.data.items[0]["id"]` → `data/items/0/id`; nil when a key would not read back in a key path.
    static func keyPath(_ access: String) -> String? {
        guard let regex = try? NSRegularExpression(pattern: #"\.([A-Za-z_$][\w$]*)|\[(\d+)\]|\[["']([^"']+)["']\]"#) else { return nil }
        let components = regex.matches(in: access, range: NSRange(access.startIndex..., in: access)).compactMap { match in
            (1...3).lazy.compactMap { Range(match.range(at: $0), in: access).map { String(access[$0]) } }.first
        }
        guard components.allSatisfy({ $0.allSatisfy { $0.isLetter || $0.isNumber || "_-$".contains($0) } }) else { return nil }
        return components.joined(separator: "/")
    }

    /// The `expect:` lines a statement says, or nil.
    static func assertions(_ statement: String, aliases: Set<String>) -> [String]? {
        if let parts = matches(#"^pm\.response\.to\.have\.status\(\s*(\d{3})\s*\)"# + end, statement) { return ["status == \(parts[1])"] }
        if matches(#"^pm\.response\.to\.be\.ok"# + end, statement) != nil { return ["status == 200"] }
        if matches(#"^pm\.response\.to\.be\.success"# + end, statement) != nil { return ["status >= 200", "status < 300"] }
        if matches(#"^pm\.response\.to\.be\.json"# + end, statement) != nil { return ["header Content-Type contains \"json\""] }
        if let parts = matches(#"^pm\.response\.to\.have\.header\(\s*"# + quoted + #"\s*\)"# + end, statement) { return ["header \(parts[1]) exists"] }
        if let parts = matches(#"^pm\.response\.to\.have\.header\(\s*"# + quoted + #"\s*,\s*"# + literal + #"\s*\)"# + end, statement) {
            return ["header \(parts[1]) == \(json(parts[2]))"]
        }
        if let parts = matches(#"^tests\[.+\]\s*=\s*responseCode\.code\s*===?\s*(\d{3})"# + end, statement) { return ["status == \(parts[1])"] }
        guard let parts = matches(#"^pm\.expect\((.+?)\)\.to\.(.+?)"# + end, statement),
              let subject = source(parts[1], aliases: aliases) else { return nil }
        return chain(parts[2]).map { ["\(subject) \($0)"] }
    }

    /// The predicate a chai chain says: `eql(200)` → `== 200`.
    private static func chain(_ text: String) -> String? {
        let table: [(String, String)] = [
            (#"^(?:eql|equal|equals|deep\.equal|be\.equal|eq)\(\s*"# + literal + #"\s*\)$"#, "== $"),
            (#"^not\.(?:eql|equal|be\.equal)\(\s*"# + literal + #"\s*\)$"#, "!= $"),
            (#"^(?:include|contain|have\.string)\(\s*"# + literal + #"\s*\)$"#, "contains $"),
            (#"^be\.(?:below|lessThan)\(\s*"# + literal + #"\s*\)$"#, "< $"),
            (#"^be\.(?:above|greaterThan)\(\s*"# + literal + #"\s*\)$"#, "> $"),
            (#"^be\.at\.most\(\s*"# + literal + #"\s*\)$"#, "<= $"),
            (#"^be\.at\.least\(\s*"# + literal + #"\s*\)$"#, ">= $"),
            (#"^have\.(?:lengthOf|length)\(\s*(\d+)\s*\)$"#, "count == $"),
            (#"^match\(\s*/(.+)/\s*\)$"#, "matches $"),
        ]
        for (pattern, template) in table {
            guard let parts = matches(pattern, text) else { continue }
            let value = template.hasPrefix("matches") ? json("\"" + parts[1] + "\"") : json(parts[1])
            return template.replacingOccurrences(of: "$", with: value)
        }
        let words: [String: String] = [
            "exist": "exists", "not.exist": "not exists", "be.undefined": "not exists", "not.be.undefined": "exists",
            "be.true": "== true", "be.false": "== false", "be.null": "== null", "not.be.null": "!= null",
            "be.empty": "count == 0", "not.be.empty": "count > 0",
        ]
        if let predicate = words[text] { return predicate }
        if let parts = matches(#"^be\.an?\(\s*["'](string|number|boolean|array|object|null)["']\s*\)$"#, text) {
            return "is " + (parts[1] == "boolean" ? "bool" : parts[1])
        }
        return nil
    }

    /// A JavaScript literal as a JSON one: single quotes become double quotes.
    private static func json(_ literal: String) -> String {
        guard literal.hasPrefix("'") || (literal.hasPrefix("\"") && literal.count >= 2) else { return literal }
        let inner = String(literal.dropFirst().dropLast())
        return JSONValue.quote(inner.replacingOccurrences(of: "\\'", with: "'"))
    }
}
