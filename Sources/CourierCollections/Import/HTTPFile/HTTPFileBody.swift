import Foundation

/// Bodies of `.http` requests: `< ./file`, JSON, url-encoded forms, multipart with `< ./file`
/// parts, and text.
extension HTTPRequestMapper {
    mutating func readBody(_ text: String, into request: inout RequestDefinition, place: String) {
        let type = request.headers.last { $0.name.lowercased() == "content-type" }?.value ?? ""
        let lowered = type.lowercased()
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        if let path = Self.fileReference(trimmed), !trimmed.contains("\n") {
            request.body = .file(resolve(path))
        } else if lowered.contains("json"), let value = try? JSONValue.parse(trimmed) {
            request.body = .json(value)
        } else if lowered.hasPrefix("application/x-www-form-urlencoded") {
            let joined = text.split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }.joined()
            request.body = .form(PostmanWalker.queryFields(joined))
        } else if lowered.hasPrefix("multipart/form-data"), let parts = multipart(text, type: type, place: place) {
            request.body = .multipart(parts)
            // The boundary belongs to the text as written; courier writes its own.
            request.headers.removeAll { $0.name.lowercased() == "content-type" }
        } else {
            request.body = .text(text)
        }
    }

    /// The path of `< ./file` (or `<@ ./file`, which fills in variables: listed by the caller's file check when missing).
    static func fileReference(_ line: String) -> String? {
        for prefix in ["<@ ", "< "] where line.hasPrefix(prefix) {
            let path = line.dropFirst(prefix.count).trimmingCharacters(in: .whitespaces)
            return path.isEmpty ? nil : path
        }
        return nil
    }

    /// A path relative to the `.http` file's folder, made absolute so the request file can live anywhere.
    func resolve(_ path: String) -> String {
        guard let folder, !path.hasPrefix("/") else { return path }
        return URL(fileURLWithPath: folder).appendingPathComponent(path).standardizedFileURL.path
    }

    /// Parts between `--boundary` lines: a `Content-Disposition` name (and filename), a
    /// `Content-Type`, then the value or a `< ./file` line. Nil when the text is not multipart.
    private mutating func multipart(_ text: String, type: String, place: String) -> [MultipartField]? {
        guard let range = type.range(of: "boundary=") else { return nil }
        let boundary = type[range.upperBound...].split(separator: ";").first.map { String($0).trimmingCharacters(in: CharacterSet(charactersIn: "\" ")) } ?? ""
        guard !boundary.isEmpty else { return nil }
        var parts: [MultipartField] = []
        for chunk in text.components(separatedBy: "--" + boundary).dropFirst() {
            if chunk.hasPrefix("--") { break }
            let lines = chunk.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).map(String.init).drop { $0.isEmpty }
            guard let blank = lines.firstIndex(where: { $0.trimmingCharacters(in: .whitespaces).isEmpty }) else { continue }
            var part = MultipartField(name: "")
            for header in lines[..<blank] {
                let lowered = header.lowercased()
                if lowered.hasPrefix("content-disposition") {
                    part.name = Self.parameter("name", in: header) ?? ""
                    part.filename = Self.parameter("filename", in: header)
                } else if lowered.hasPrefix("content-type:") {
                    part.mime = header.dropFirst("content-type:".count).trimmingCharacters(in: .whitespaces)
                }
            }
            let content = lines[lines.index(after: blank)...].joined(separator: "\n").trimmingCharacters(in: .newlines)
            if let path = Self.fileReference(content.trimmingCharacters(in: .whitespaces)) {
                part.file = resolve(path)
            } else {
                part.value = content
            }
            guard !part.name.isEmpty else {
                skip("\(place): multipart part", "a part without a name; left out")
                continue
            }
            parts.append(part)
        }
        return parts.isEmpty ? nil : parts
    }

    /// `name="value"` of a header line.
    private static func parameter(_ name: String, in header: String) -> String? {
        ScriptPatterns.matches("[; ]\(name)=\"([^\"]*)\"", header)?[1] ?? ScriptPatterns.matches("[; ]\(name)=([^;\\s]+)", header)?[1]
    }
}

/// JetBrains response handlers (`> {% … %}`): `client.global.set("t", response.body.token)`
/// becomes a capture and `client.assert(response.status === 200, …)` an assertion; other lines
/// are kept as comments and listed.
struct ResponseHandler {
    private(set) var outcome: ScriptOutcome

    init(file: String, place: String) { outcome = ScriptOutcome(file: file, place: place) }

    mutating func read(_ lines: [String]) {
        for line in lines {
            var statement = line.trimmingCharacters(in: .whitespaces)
            for marker in ["> {%", "%}"] where statement.hasPrefix(marker) { statement = String(statement.dropFirst(marker.count)).trimmingCharacters(in: .whitespaces) }
            if statement.hasSuffix("%}") { statement = String(statement.dropLast(2)).trimmingCharacters(in: .whitespaces) }
            if statement.isEmpty || statement.hasPrefix("//") || ["});", "})", "}"].contains(statement) { continue }
            if ScriptPatterns.matches(#"^client\.test\(.*(function\s*\(\s*\)|\(\s*\)\s*=>)\s*\{$"#, statement) != nil { continue }
            if convert(statement) { continue }
            outcome.keep(statement, item: "response handler")
        }
        outcome.closeKept("response handler lines not converted (courier does not run scripts):")
    }

    private mutating func convert(_ statement: String) -> Bool {
        if let parts = ScriptPatterns.matches(#"^client\.global\.set\(\s*["']([^"']+)["']\s*,\s*response\.body((?:\.[A-Za-z_$][\w$]*|\[\d+\]|\[["'][^"']+["']\])*)\s*\)\s*;?$"#, statement),
           let path = ScriptPatterns.keyPath(parts[2]) {
            return outcome.capture(parts[1], path.isEmpty ? "body" : "body \(path)")
        }
        if let parts = ScriptPatterns.matches(#"^client\.global\.set\(\s*["']([^"']+)["']\s*,\s*response\.headers\.valueOf\(\s*["']([^"']+)["']\s*\)\s*\)\s*;?$"#, statement) {
            return outcome.capture(parts[1], "header \(parts[2])")
        }
        if let parts = ScriptPatterns.matches(#"^client\.assert\(\s*response\.status\s*===?\s*(\d{3})\s*(,.*)?\)\s*;?$"#, statement) {
            return outcome.expect(["status == \(parts[1])"])
        }
        return false
    }
}
