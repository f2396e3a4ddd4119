import Foundation

/// What importing a curl command produced.
public struct CurlImport: Sendable {
    public var request: RequestDefinition
    /// The absolute URL the command targets (before any base URL is taken off).
    public var url: String
    /// Flags that have no effect on the saved request, each with the reason.
    public var warnings: [String]
}

/// Turns a curl command line (for example a browser's "Copy as cURL") into a request definition.
public enum CurlImporter {
    public struct ImportError: Error, Sendable, CustomStringConvertible {
        public let description: String
    }

    /// Flags whose value is the next word.
    private static let takesValue: Set<String> = [
        "-X", "--request", "-H", "--header", "-d", "--data", "--data-raw", "--data-binary", "--data-ascii", "--data-urlencode",
        "--json", "-F", "--form", "--form-string", "-u", "--user", "--url", "-A", "--user-agent", "-e", "--referer", "-b",
        "--cookie", "-m", "--max-time", "-o", "--output", "--connect-timeout", "-w", "--write-out", "-x", "--proxy",
        "-c", "--cookie-jar", "--retry", "-K", "--config", "-T", "--upload-file", "-r", "--range", "--cacert", "--cert", "--key", "-E",
    ]
    /// Flags that only change curl's own output or transport and have no place in a saved request.
    private static let outputOnly: [String: String] = [
        "-s": "output only", "--silent": "output only", "-S": "output only", "--show-error": "output only",
        "-v": "output only", "--verbose": "output only", "-i": "output only", "--include": "output only",
        "-o": "output only", "--output": "output only", "-w": "output only", "--write-out": "output only",
        "-L": "Courier follows redirects by default", "--location": "Courier follows redirects by default",
        "--compressed": "libcurl under URLSession asks for gzip and deflate by default",
    ]

    /// Parses `command`.
    /// - Throws: `ImportError` when it is not a curl command or has no URL.
    public static func parse(_ command: String) throws(ImportError) -> CurlImport {
        let words: [String]
        do {
            words = try ShellWords.split(command)
        } catch {
            throw ImportError(description: "the command cannot be split into words: \(error)")
        }
        guard let program = words.first, program == "curl" || program.hasSuffix("/curl") else {
            throw ImportError(description: "not a curl command: it starts with '\(words.first ?? "")'")
        }
        var state = ImportState()
        var index = 1
        while index < words.count {
            var word = words[index]
            index += 1
            var attached: String?
            if word.hasPrefix("--"), let equals = word.firstIndex(of: "=") {
                attached = String(word[word.index(after: equals)...])
                word = String(word[..<equals])
            } else if word.hasPrefix("-"), !word.hasPrefix("--"), word.count > 2 {
                let flag = String(word.prefix(2))
                if takesValue.contains(flag) {
                    attached = String(word.dropFirst(2))
                    word = flag
                } else {
                    // Combined short flags such as -sSL.
                    for letter in word.dropFirst() { state.flag("-\(letter)") }
                    continue
                }
            }
            guard word.hasPrefix("-") else {
                if state.url == nil { state.url = word } else { state.warnings.append("extra argument '\(word)' ignored") }
                continue
            }
            if takesValue.contains(word) {
                guard let value = attached ?? (index < words.count ? words[index] : nil) else {
                    throw ImportError(description: "\(word) needs a value")
                }
                if attached == nil { index += 1 }
                try state.option(word, value)
            } else {
                state.flag(word)
            }
        }
        return try state.finish()
    }

    /// Accumulates what the flags say.
    private struct ImportState {
        var url: String?
        var method: String?
        var headers: [Field] = []
        var data: [String] = []
        var dataFile: String?
        var json: String?
        var form: [MultipartField] = []
        var user: String?
        var getData = false
        var head = false
        var timeout: Double?
        var warnings: [String] = []

        mutating func flag(_ flag: String) {
            switch flag {
            case "-G", "--get": getData = true
            case "-I", "--head": head = true
            case "-k", "--insecure": warnings.append("\(flag) ignored: Courier always verifies TLS certificates")
            default:
                if let reason = outputOnly[flag] { warnings.append("\(flag) ignored: \(reason)") } else { warnings.append("unknown flag \(flag) ignored") }
            }
        }

        mutating func option(_ flag: String, _ value: String) throws(ImportError) {
            switch flag {
            case "-X", "--request":
                guard RequestDefinition.isMethodName(value) else {
                    throw ImportError(description: "\(flag) takes a method, found '\(value)': \(RequestDefinition.methodNameRule)")
                }
                method = value.uppercased()
            case "-H", "--header":
                guard let colon = value.firstIndex(of: ":") else { throw ImportError(description: "the header '\(value)' has no colon") }
                let name = String(value[..<colon]).trimmingCharacters(in: .whitespaces)
                headers.append(Field(name: name, value: String(value[value.index(after: colon)...]).trimmingCharacters(in: .whitespaces)))
            case "-d", "--data", "--data-ascii", "--data-binary":
                if value.hasPrefix("@") { dataFile = String(value.dropFirst()) } else { data.append(value) }
            case "--data-raw": data.append(value)
            case "--data-urlencode": data.append(Self.urlencode(value))
            case "--json": json = (json.map { $0 } ?? "") + value
            case "-F", "--form": form.append(try Self.formPart(value, literal: false))
            case "--form-string": form.append(try Self.formPart(value, literal: true))
            case "-u", "--user": user = value
            case "--url": url = value
            case "-A", "--user-agent": headers.append(Field(name: "User-Agent", value: value))
            case "-e", "--referer": headers.append(Field(name: "Referer", value: value))
            case "-b", "--cookie":
                if value.contains("=") { headers.append(Field(name: "Cookie", value: value)) } else { warnings.append("\(flag) \(value) ignored: cookie files are not imported") }
            case "-m", "--max-time":
                // A request file's timeout is a number of seconds above 0; curl's 0 means none.
                if let seconds = Double(value), seconds.isFinite, seconds > 0 { timeout = seconds } else {
                    warnings.append("\(flag) \(value) ignored: a timeout is a number of seconds above 0")
                }
            default: warnings.append("\(flag) \(value) ignored: \(outputOnly[flag] ?? "not supported by the importer")")
            }
        }

        static func urlencode(_ value: String) -> String {
            guard let equals = value.firstIndex(of: "=") else { return escape(value) }
            let name = String(value[..<equals])
            let content = String(value[value.index(after: equals)...])
            return name.isEmpty ? escape(content) : "\(name)=\(escape(content))"
        }

        static func escape(_ text: String) -> String {
            text.addingPercentEncoding(withAllowedCharacters: CharacterSet(charactersIn:
                "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")) ?? text
        }

        /// `name=value`, `name=@file;type=…;filename=…`, `name=<file`.
        static func formPart(_ spec: String, literal: Bool) throws(ImportError) -> MultipartField {
            guard let equals = spec.firstIndex(of: "=") else { throw ImportError(description: "the form field '\(spec)' has no '='") }
            let name = String(spec[..<equals])
            // A request file's multipart part needs a name; saved without one it would not load.
            guard !name.isEmpty else { throw ImportError(description: "the form field '\(spec)' has no name before '='") }
            let rest = String(spec[spec.index(after: equals)...])
            guard !literal, rest.hasPrefix("@") || rest.hasPrefix("<") else { return MultipartField(name: name, value: rest) }
            var part = MultipartField(name: name)
            let pieces = splitParameters(String(rest.dropFirst()))
            part.file = pieces.first
            for piece in pieces.dropFirst() {
                if piece.hasPrefix("type=") { part.mime = String(piece.dropFirst(5)) }
                if piece.hasPrefix("filename=") { part.filename = String(piece.dropFirst(9)) }
            }
            if rest.hasPrefix("<") {
                // `<file` sends the file's content as a plain field.
                part.value = part.file.flatMap { try? String(contentsOfFile: $0, encoding: .utf8) } ?? ""
                part.file = nil
            }
            return part
        }

        /// Splits `file;type=x;filename="a;b"` on semicolons outside double quotes, unquoting.
        static func splitParameters(_ text: String) -> [String] {
            var pieces: [String] = []
            var current = ""
            var quoted = false
            var escaped = false
            for character in text {
                if escaped { current.append(character); escaped = false; continue }
                if character == "\\" && quoted { escaped = true; continue }
                if character == "\"" { quoted.toggle(); continue }
                if character == ";" && !quoted { pieces.append(current); current = ""; continue }
                current.append(character)
            }
            pieces.append(current)
            return pieces
        }

        mutating func finish() throws(ImportError) -> CurlImport {
            guard var url, !url.isEmpty else { throw ImportError(description: "the command has no URL") }
            if !url.contains("://") { url = "http://" + url }
            guard var components = URLComponents(string: url) else { throw ImportError(description: "'\(url)' is not a URL") }
            var request = RequestDefinition()
            request.query = (components.queryItems ?? []).map { Field(name: $0.name, value: $0.value ?? "") }
            components.query = nil
            request.url = components.string ?? url
            request.headers = headers
            request.timeout = timeout
            if let user {
                let parts = user.split(separator: ":", maxSplits: 1).map(String.init)
                request.auth = .basic(user: parts[0], password: parts.count > 1 ? parts[1] : "")
            }
            let contentType = headers.last { $0.name.lowercased() == "content-type" }?.value.lowercased() ?? ""
            if getData && !data.isEmpty {
                request.query += data.joined(separator: "&").split(separator: "&").map(Self.formField)
            } else if !form.isEmpty {
                request.body = .multipart(form)
                // curl -F writes its own multipart Content-Type with the boundary.
                request.headers.removeAll { $0.name.lowercased() == "content-type" && $0.value.lowercased().hasPrefix("multipart/") }
            } else if let json {
                request.body = (try? JSONValue.parse(json)).map(BodyDefinition.json) ?? .text(json)
                if !headers.contains(where: { $0.name.lowercased() == "content-type" }) {
                    request.headers.append(Field(name: "Content-Type", value: "application/json"))
                    request.headers.append(Field(name: "Accept", value: "application/json"))
                }
            } else if let dataFile {
                request.body = .file(dataFile)
            } else if !data.isEmpty {
                let text = data.joined(separator: "&")
                if contentType.contains("json"), let value = try? JSONValue.parse(text) {
                    request.body = .json(value)
                } else if contentType.isEmpty || contentType.hasPrefix("application/x-www-form-urlencoded") {
                    if contentType.isEmpty { request.headers.append(Field(name: "Content-Type", value: "application/x-www-form-urlencoded")) }
                    request.body = .text(text)
                } else {
                    request.body = .text(text)
                }
            }
            let hasBody = request.body != nil
            request.method = head ? "HEAD" : (method ?? (hasBody ? "POST" : "GET"))
            // A request file's entries need names; saved without one, an entry would not load.
            let entries = request.query.map { ("query parameter", $0) } + request.headers.map { ("header", $0) }
            if let (kind, field) = entries.first(where: { $0.1.name.isEmpty }) {
                throw ImportError(description: "a \(kind) has no name (its value is '\(field.value)'), which a request file cannot hold")
            }
            return CurlImport(request: request, url: request.url ?? url, warnings: warnings)
        }

        static func formField(_ pair: Substring) -> Field {
            // Empty pieces kept: "=" alone is an empty name and value, not no parts at all.
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false).map { String($0).removingPercentEncoding ?? String($0) }
            return Field(name: parts[0], value: parts.count > 1 ? parts[1] : "")
        }
    }
}
