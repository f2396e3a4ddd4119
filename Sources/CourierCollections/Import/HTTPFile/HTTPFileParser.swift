/// The syntax of `.http`/`.rest` files (VS Code REST Client, JetBrains HTTP Client, httpyac,
/// kulala.nvim): requests separated by `###`, `# @name` tags, `@var = value` lines, a request
/// line, headers, a body, and `> {% … %}` response handlers. Pure: text in, requests out.
public enum HTTPFileParser {
    /// One request as written.
    public struct Request: Sendable, Equatable {
        /// `# @name`, else the text after `###`.
        public var name: String?
        /// `GET` when the request line names no method.
        public var method: String
        /// The URL with `?`/`&` continuation lines joined on.
        public var url: String
        /// `Name: value` lines, in order.
        public var headers: [Field]
        /// The body lines as written (nil: no body).
        public var body: String?
        /// `# @tag value` lines other than `@name` (`no-redirect`, `no-cookie-jar`…).
        public var tags: [String: String]
        /// The lines of `> {% … %}` handlers and `> file.js` references.
        public var responseScripts: [String]
        /// Pre-request `< {% … %}` scripts.
        public var requestScripts: [String]
        /// The line the request line is on (1-based).
        public var line: Int
    }

    /// What a file holds.
    public struct File: Sendable, Equatable {
        /// `@name = value` lines, in order.
        public var variables: [Field] = []
        /// The requests, in order.
        public var requests: [Request] = []
        /// Lines that could not be read, with their line numbers.
        public var problems: [(line: Int, text: String)] = []

        /// Equal variables, requests and problem lines.
        public static func == (lhs: File, rhs: File) -> Bool {
            lhs.variables == rhs.variables && lhs.requests == rhs.requests && lhs.problems.map(\.line) == rhs.problems.map(\.line)
        }
    }

    static let methods: Set<String> = ["GET", "POST", "PUT", "PATCH", "DELETE", "HEAD", "OPTIONS", "TRACE", "CONNECT"]

    /// Parses a whole file.
    public static func parse(_ text: String) -> File {
        var file = File()
        let lines = text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).map(String.init)
        var block: [(Int, String)] = []
        var title: String?
        func flush() {
            if let request = readBlock(block, title: title, into: &file) { file.requests.append(request) }
            block = []
        }
        for (index, line) in lines.enumerated() {
            if line.hasPrefix("###") {
                flush()
                let rest = line.drop { $0 == "#" }.trimmingCharacters(in: .whitespaces)
                title = rest.isEmpty ? nil : rest
            } else {
                block.append((index + 1, line))
            }
        }
        flush()
        return file
    }

    private enum Phase { case preamble, headers, body }

    /// One block between separators: a request, or only variables and comments (nil).
    private static func readBlock(_ lines: [(Int, String)], title: String?, into file: inout File) -> Request? {
        var request = Request(name: title, method: "GET", url: "", headers: [], body: nil, tags: [:], responseScripts: [], requestScripts: [], line: 0)
        var phase = Phase.preamble
        var body: [String] = []
        var script: [String]?
        var scriptIsResponse = false
        for (number, line) in lines {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if script != nil {
                script?.append(line)
                if trimmed.hasSuffix("%}") {
                    if scriptIsResponse { request.responseScripts += script ?? [] } else { request.requestScripts += script ?? [] }
                    script = nil
                }
                continue
            }
            if phase != .body || body.isEmpty || trimmed.hasPrefix(">") {
                if trimmed.hasPrefix("> {%") || trimmed.hasPrefix("< {%") {
                    scriptIsResponse = trimmed.hasPrefix(">")
                    script = [line]
                    if trimmed.hasSuffix("%}") && trimmed.count > 4 {
                        if scriptIsResponse { request.responseScripts.append(line) } else { request.requestScripts.append(line) }
                        script = nil
                    }
                    if scriptIsResponse && phase != .preamble { phase = .body }
                    continue
                }
                if trimmed.hasPrefix(">") && phase != .preamble {
                    request.responseScripts.append(line)
                    phase = .body
                    continue
                }
            }
            switch phase {
            case .preamble:
                if trimmed.isEmpty { continue }
                if trimmed.hasPrefix("#") || trimmed.hasPrefix("//") {
                    readTag(trimmed, into: &request)
                    continue
                }
                if trimmed.hasPrefix("@"), let equals = trimmed.firstIndex(of: "=") {
                    let name = trimmed[trimmed.index(after: trimmed.startIndex)..<equals].trimmingCharacters(in: .whitespaces)
                    file.variables.removeAll { $0.name == name }
                    file.variables.append(Field(name: name, value: trimmed[trimmed.index(after: equals)...].trimmingCharacters(in: .whitespaces)))
                    continue
                }
                readRequestLine(trimmed, into: &request)
                request.line = number
                phase = .headers
            case .headers:
                if trimmed.isEmpty {
                    phase = .body
                } else if (trimmed.hasPrefix("?") || trimmed.hasPrefix("&")) && request.headers.isEmpty {
                    request.url += trimmed
                } else if trimmed.hasPrefix("#") || trimmed.hasPrefix("//") {
                    continue
                } else if let colon = trimmed.firstIndex(of: ":"), Self.isHeaderName(trimmed[..<colon].trimmingCharacters(in: .whitespaces)) {
                    request.headers.append(Field(name: String(trimmed[..<colon]).trimmingCharacters(in: .whitespaces),
                                                 value: String(trimmed[trimmed.index(after: colon)...]).trimmingCharacters(in: .whitespaces)))
                } else {
                    file.problems.append((number, line))
                }
            case .body:
                if request.responseScripts.isEmpty { body.append(line) }
            }
        }
        guard request.line > 0 else { return nil }
        while let last = body.last, last.trimmingCharacters(in: .whitespaces).isEmpty { body.removeLast() }
        while let first = body.first, first.trimmingCharacters(in: .whitespaces).isEmpty { body.removeFirst() }
        request.body = body.isEmpty ? nil : body.joined(separator: "\n")
        return request
    }

    /// `# @name login`, `// @no-redirect`.
    private static func readTag(_ comment: String, into request: inout Request) {
        let text = comment.drop { $0 == "#" || $0 == "/" }.trimmingCharacters(in: .whitespaces)
        guard text.hasPrefix("@") else { return }
        let words = text.dropFirst().split(separator: " ", maxSplits: 1).map(String.init)
        guard let tag = words.first else { return }
        let value = words.count > 1 ? words[1].trimmingCharacters(in: .whitespaces) : ""
        if tag == "name" || tag.hasPrefix("name=") {
            request.name = tag.hasPrefix("name=") ? String(tag.dropFirst(5)) : value
        } else {
            request.tags[tag] = value
        }
    }

    /// `POST https://x/y HTTP/1.1`, or a bare URL (a GET).
    private static func readRequestLine(_ line: String, into request: inout Request) {
        var words = line.split(separator: " ", omittingEmptySubsequences: true).map(String.init)
        if let last = words.last, last.uppercased().hasPrefix("HTTP/"), words.count > 1 { words.removeLast() }
        if let first = words.first, methods.contains(first.uppercased()) || (words.count > 1 && first.allSatisfy(\.isUppercase)) {
            request.method = first.uppercased()
            words.removeFirst()
        }
        request.url = words.joined(separator: " ")
    }

    /// Whether `name` can be a header's name (RFC 9110 `token`); anything else on a header line is
    /// listed as not understood instead of becoming a header no server would accept.
    static func isHeaderName(_ name: String) -> Bool {
        !name.isEmpty && name.unicodeScalars.allSatisfy {
            ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0) || "!#$%&'*+-.^_`|~".unicodeScalars.contains($0)
        }
    }
}
