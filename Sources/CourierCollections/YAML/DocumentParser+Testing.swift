import Yams

/// `capture:`, `expect:`, `requires:` and `skip:` of a request file.
extension DocumentParser {
    /// `capture:`: a mapping of variable names to sources, each `SOURCE` or `{from: SOURCE, secret: BOOL}`.
    static func captures(_ node: Node, reader: inout NodeReader) -> [CaptureDefinition] {
        guard case .mapping(let mapping) = node else {
            reader.error(node, "capture must be a mapping of variable names to sources (token: body data/token), found \(NodeReader.kind(of: node))")
            return []
        }
        var captures: [CaptureDefinition] = []
        for (keyNode, value) in mapping {
            guard let name = keyNode.scalar?.string, !name.isEmpty, !name.contains("{"), !name.contains(" ") else {
                reader.error(keyNode, "a captured variable needs a plain name such as token")
                continue
            }
            var sourceNode = value
            var secret: Bool?
            if case .mapping = value {
                var from: Node?
                for (key, _, child) in reader.mapping(value, what: "the capture '\(name)'", allowed: ["from", "secret"]) {
                    if key == "from" { from = child } else { secret = reader.bool(child, what: "secret") }
                }
                guard let from else {
                    reader.error(value, "the capture '\(name)' needs from: (from: body data/token)")
                    continue
                }
                sourceNode = from
            }
            guard let text = reader.string(sourceNode, what: "the source of '\(name)'") else { continue }
            do {
                let subject = try AssertionGrammar.captureSource(text)
                captures.append(CaptureDefinition(name: name, subject: subject, secret: secret, location: reader.location(keyNode)))
            } catch {
                reader.error(sourceNode, offset: error.offset, error.message)
            }
        }
        return captures
    }

    /// `expect:`: a list of assertion lines.
    static func expectations(_ node: Node, reader: inout NodeReader) -> [Assertion] {
        guard case .sequence(let lines) = node else {
            reader.error(node, "expect must be a list of assertions (- status == 200), found \(NodeReader.kind(of: node))")
            return []
        }
        var assertions: [Assertion] = []
        for line in lines {
            guard let text = reader.string(line, what: "an assertion") else { continue }
            do {
                var assertion = try AssertionGrammar.assertion(text)
                assertion.location = reader.location(line)
                assertions.append(assertion)
            } catch {
                reader.error(line, offset: error.offset, error.message)
            }
        }
        return assertions
    }

    /// `requires:`: one request id or a list of them, relative to the collection.
    static func requirements(_ node: Node, reader: inout NodeReader) -> [String] {
        let entries: [Node]
        if case .sequence(let items) = node { entries = Array(items) } else { entries = [node] }
        return entries.compactMap { entry in
            guard let id = reader.string(entry, what: "a required request id") else { return nil }
            guard !id.isEmpty, !id.hasPrefix("/") else {
                reader.error(entry, "requires names request ids relative to the collection, such as auth/login")
                return nil
            }
            return id
        }
    }
}

extension NodeReader {
    /// An error `offset` characters into a one-line scalar (after its opening quote).
    mutating func error(_ node: Node, offset: Int, _ message: String) {
        let place = location(node)
        let quoted = node.scalar.map { $0.style == .singleQuoted || $0.style == .doubleQuoted } ?? false
        report(Diagnostic(file: file, line: place.line, column: place.column + offset + (quoted ? 1 : 0), severity: .error, message: message))
    }
}
