import Foundation

/// Maps parsed `.http` requests onto request definitions.
struct HTTPRequestMapper {
    let file: String
    let folder: String?
    /// The names of the file's requests, which request variables refer to.
    let names: Set<String>
    private(set) var requests: [ImportedRequest] = []
    private(set) var unmapped: [UnmappedItem] = []
    /// Captures request variables need, by the name of the request that makes them.
    private var pendingCaptures: [String: [CaptureDefinition]] = [:]

    init(file: String, folder: String?, names: Set<String>) {
        self.file = file
        self.folder = folder
        self.names = names
    }

    mutating func skip(_ item: String, _ reason: String) { unmapped.append(UnmappedItem(file: file, item: item, reason: reason)) }

    mutating func map(_ parsed: HTTPFileParser.Request) {
        var request = RequestDefinition()
        let place = "line \(parsed.line) (\(parsed.method) \(parsed.url))"
        request.method = parsed.method
        var requires: [String] = []
        let (url, urlRequires) = templates(parsed.url, place: place)
        requires += urlRequires
        var base = url
        if let question = base.firstIndex(of: "?") {
            request.query = PostmanWalker.queryFields(String(base[base.index(after: question)...]))
            base = String(base[..<question])
        }
        var headers = parsed.headers
        // `GET /path` with a `Host:` header, as JetBrains and RFC-style examples write it.
        if base.hasPrefix("/"), let host = headers.firstIndex(where: { $0.name.lowercased() == "host" }) {
            base = headers[host].value + base
            headers.remove(at: host)
        }
        if !base.contains("://") && !base.hasPrefix("{{") { base = "http://" + base }
        request.url = base
        for header in headers {
            let (value, needs) = templates(header.value, place: place)
            requires += needs
            request.headers.append(Field(name: header.name, value: value))
        }
        request.query = request.query.map { Field(name: $0.name, value: $0.value) }
        if let body = parsed.body {
            let (text, needs) = templates(body, place: place)
            requires += needs
            readBody(text, into: &request, place: place)
        }
        for (tag, _) in parsed.tags.sorted(by: { $0.key < $1.key }) {
            if tag == "no-redirect" { request.followRedirects = false } else { skip("\(place): @\(tag)", "no such setting in courier; left out") }
        }
        var comments: [String] = []
        if !parsed.requestScripts.isEmpty {
            comments += ["pre-request script (courier does not run scripts):"] + parsed.requestScripts.map { "  " + $0 }
            skip("\(place): pre-request script", "courier does not run scripts; kept as a comment")
        }
        var handler = ResponseHandler(file: file, place: place)
        handler.read(parsed.responseScripts)
        request.captures = handler.outcome.captures
        request.expectations = handler.outcome.expectations
        comments += handler.outcome.comments
        unmapped += handler.outcome.unmapped
        let name = parsed.name ?? "\(parsed.method) \(parsed.url.split(separator: "?", maxSplits: 1).first.map(String.init) ?? parsed.url)"
        requests.append(ImportedRequest(name: name, key: parsed.name ?? "#\(parsed.line)", request: request,
                                        requiresKeys: Array(Set(requires)).sorted(), comments: comments))
    }

    /// Adds the captures request variables need to the requests they name.
    mutating func attachCaptures() {
        for index in requests.indices {
            for capture in pendingCaptures[requests[index].key] ?? [] where !requests[index].request.captures.contains(where: { $0.name == capture.name }) {
                requests[index].request.captures.append(capture)
            }
        }
    }

    /// `text` in Courier's template spelling, with the keys of the requests its request variables need.
    mutating func templates(_ text: String, place: String) -> (text: String, requires: [String]) {
        var requires: [String] = []
        var captures: [(String, CaptureDefinition)] = []
        let (result, unknown) = TemplateSyntax.rewrite(text) { inner in
            guard let (request, capture) = Self.requestVariable(inner, known: names) else { return TemplateSyntax.standard(inner) }
            requires.append(request)
            captures.append((request, capture))
            return capture.name
        }
        for (request, capture) in captures where !(pendingCaptures[request] ?? []).contains(capture) {
            pendingCaptures[request, default: []].append(capture)
        }
        for placeholder in unknown {
            skip("\(place): \(placeholder)", "no such built-in or request variable in courier; kept as written")
        }
        return (result, requires)
    }

    /// `login.response.body.$.data.token` → the request `login` and a capture `login_token: body data/token`.
    static func requestVariable(_ inner: String, known: Set<String>) -> (String, CaptureDefinition)? {
        let parts = inner.split(separator: ".", maxSplits: 3).map(String.init)
        guard parts.count >= 3, known.contains(parts[0]), parts[1] == "response" else { return nil }
        let rest = parts.count > 3 ? parts[3] : ""
        let source: String
        switch parts[2] {
        case "body" where rest == "*" || rest.isEmpty: source = "body"
        case "body" where rest.hasPrefix("$"):
            guard let path = ScriptPatterns.keyPath("." + rest.dropFirst().drop { $0 == "." }), !path.isEmpty else { return nil }
            source = "body \(path)"
        case "headers" where !rest.isEmpty: source = "header \(rest)"
        default: return nil
        }
        guard let subject = try? AssertionGrammar.captureSource(source) else { return nil }
        let last = source.split(whereSeparator: { $0 == "/" || $0 == " " }).last.map(String.init) ?? "body"
        let name = "\(parts[0])_\(last)".replacingOccurrences(of: "-", with: "_")
        return (parts[0], CaptureDefinition(name: name, subject: subject))
    }
}
