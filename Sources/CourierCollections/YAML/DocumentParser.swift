import Foundation
import Yams

/// Parses the YAML text of collection files into models, with diagnostics.
public enum DocumentParser {
    static let requestKeys = ["name", "method", "path", "url", "query", "headers", "body", "auth", "timeout", "retries", "followRedirects", "trustRedirects", "transport"]
        + ConnectionDefinition.keys + ["converter", "errorConverter", "requires", "capture", "expect", "skip", "examples"]
    static let collectionKeys = ["name", "baseUrl", "headers", "auth", "timeout", "retries", "transport"] + ConnectionDefinition.keys
        + ["variables", "order"]
    static let bodyKeys = ["json", "text", "form", "file", "multipart"]

    /// Composes YAML text into a node; a syntax error becomes a diagnostic and nil.
    static func compose(_ text: String, reader: inout NodeReader) -> Node? {
        do {
            return try Yams.compose(yaml: text)
        } catch let error as YamlError {
            var (mark, problem) = describe(error)
            if case .duplicatedKeysInMapping(let duplicates, _) = error, let key = duplicates.first,
               let repeated = secondOccurrence(of: key, in: text) {
                mark = repeated
            }
            reader.report(Diagnostic(file: reader.file, line: mark?.line ?? 1, column: mark?.column ?? 1,
                                     severity: .error, message: "malformed YAML: \(problem)"))
            return nil
        } catch {
            reader.report(Diagnostic(file: reader.file, line: 1, column: 1, severity: .error, message: "malformed YAML: \(error)"))
            return nil
        }
    }

    /// Yams points a duplicate key at its mapping; the useful place is where the key is repeated.
    private static func secondOccurrence(of key: String, in text: String) -> (line: Int, column: Int)? {
        var seen = false
        for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let body = line.drop { $0 == " " || $0 == "-" }
            guard body.hasPrefix(key), body.dropFirst(key.count).drop(while: { $0 == " " }).first == ":" else { continue }
            if seen { return (index + 1, line.count - body.count + 1) }
            seen = true
        }
        return nil
    }

    /// `line:column: problem` of a YAML syntax error, for a sentence about the file.
    static func syntaxProblem(_ error: any Error) -> String {
        guard let error = error as? YamlError else { return "\(error)" }
        let (mark, problem) = describe(error)
        return mark.map { "\($0.line):\($0.column): \(problem)" } ?? problem
    }

    private static func describe(_ error: YamlError) -> ((line: Int, column: Int)?, String) {
        switch error {
        case .scanner(let context, let problem, let mark, _), .parser(let context, let problem, let mark, _),
             .composer(let context, let problem, let mark, _):
            return ((mark.line, mark.column), context.map { "\(problem) (\($0.text) at line \($0.mark.line))" } ?? problem)
        case .duplicatedKeysInMapping(let duplicates, let context):
            return ((context.mark.line, context.mark.column), "the key \(duplicates.map { "'\($0)'" }.joined(separator: ", ")) appears twice in the same mapping")
        case .reader(let problem, _, _, _):
            return (nil, problem)
        default:
            return (nil, String(describing: error))
        }
    }

    /// A request file's model, or nil when it is not YAML; problems come with positions either way.
    public static func request(_ text: String, file: String) -> (RequestDefinition?, [Diagnostic]) {
        var reader = NodeReader(file: file)
        guard let root = compose(text, reader: &reader) else { return (nil, reader.diagnostics) }
        var request = RequestDefinition()
        for (key, keyNode, value) in reader.mapping(root, what: "a request file", allowed: requestKeys) {
            request.locations[key] = reader.location(keyNode)
            if connection(key, value, into: &request.connection, reader: &reader) { continue }
            switch key {
            case "name": request.name = reader.string(value, what: "name")
            case "method":
                if let method = reader.string(value, what: "method") {
                    if !RequestDefinition.isMethodName(method) {
                        reader.error(value, "method must be a word such as GET or POST, found '\(method)': \(RequestDefinition.methodNameRule)")
                    } else {
                        request.method = RequestDefinition.normalizedMethod(method)
                    }
                }
            case "path": request.path = reader.string(value, what: "path")
            case "url": request.url = reader.string(value, what: "url")
            case "query": request.query = reader.fields(value, what: "query")
            case "headers": request.headers = reader.fields(value, what: "headers")
            case "body": request.body = body(value, reader: &reader)
            case "auth": request.auth = auth(value, reader: &reader)
            case "timeout":
                if let timeout = reader.number(value, what: "timeout") {
                    if timeout <= 0 { reader.error(value, "timeout must be more than 0 seconds") } else { request.timeout = timeout }
                }
            case "retries":
                if let retries = reader.integer(value, what: "retries") {
                    if retries < 0 { reader.error(value, "retries must be 0 or more") } else { request.retries = retries }
                }
            case "followRedirects": request.followRedirects = reader.bool(value, what: "followRedirects")
            case "trustRedirects": request.trustRedirects = reader.bool(value, what: "trustRedirects")
            case "transport": request.transport = transport(value, reader: &reader)
            case "converter": request.converter = reader.string(value, what: "converter")
            case "requires": request.requires = requirements(value, reader: &reader)
            case "capture": request.captures = captures(value, reader: &reader)
            case "expect": request.expectations = expectations(value, reader: &reader)
            case "skip": request.skip = reader.bool(value, what: "skip")
            case "examples": request.examples = responseExamples(value, reader: &reader)
            default: request.errorConverter = reader.string(value, what: "errorConverter")
            }
        }
        if request.path == nil && request.url == nil, case .mapping = root {
            reader.error(root, "a request needs a path (relative to the collection's baseUrl) or an absolute url")
        }
        if request.path != nil && request.url != nil {
            reader.error(root, "a request has either a path or a url, not both")
        }
        return (request, reader.diagnostics)
    }

    /// A `collection.yaml` model.
    public static func collection(_ text: String, file: String) -> (CollectionDefinition?, [Diagnostic]) {
        var reader = NodeReader(file: file)
        guard let root = compose(text, reader: &reader) else { return (nil, reader.diagnostics) }
        var collection = CollectionDefinition()
        for (key, keyNode, value) in reader.mapping(root, what: "collection.yaml", allowed: collectionKeys) {
            collection.locations[key] = reader.location(keyNode)
            if connection(key, value, into: &collection.connection, reader: &reader) { continue }
            switch key {
            case "name": collection.name = reader.string(value, what: "name")
            case "baseUrl": collection.baseUrl = reader.string(value, what: "baseUrl")
            case "headers": collection.headers = reader.fields(value, what: "headers")
            case "timeout": collection.timeout = reader.number(value, what: "timeout")
            case "retries": collection.retries = reader.integer(value, what: "retries")
            case "transport": collection.transport = transport(value, reader: &reader)
            case "variables": collection.variables = reader.fields(value, what: "variables")
            case "auth": collection.auth = auth(value, reader: &reader)
            default:
                if case .sequence(let entries) = value {
                    collection.order = entries.compactMap { reader.string($0, what: "an order entry") }
                } else {
                    reader.error(value, "order must be a list of entry names, found \(NodeReader.kind(of: value))")
                }
            }
        }
        return (collection, reader.diagnostics)
    }

    /// An environment file: a mapping of variable names to values.
    public static func environment(_ text: String, file: String) -> ([Field], [Diagnostic]) {
        var reader = NodeReader(file: file)
        guard let root = compose(text, reader: &reader) else { return ([], reader.diagnostics) }
        if case .scalar(let scalar) = root, scalar.string.isEmpty { return ([], reader.diagnostics) }
        return (reader.fields(root, what: "an environment"), reader.diagnostics)
    }

    /// `transport: urlsession|asynchttpclient`; anything else is an error naming the choices.
    private static func transport(_ node: Node, reader: inout NodeReader) -> TransportName? {
        guard let text = reader.string(node, what: "transport") else { return nil }
        guard let name = TransportName(rawValue: text.lowercased()) else {
            reader.error(node, TransportName.problem(with: text))
            return nil
        }
        return name
    }

    private static func body(_ node: Node, reader: inout NodeReader) -> BodyDefinition? {
        let pairs = reader.mapping(node, what: "body", allowed: bodyKeys)
        guard pairs.count <= 1 else {
            reader.error(node, "body takes one of json, text, form, file or multipart, found \(pairs.map(\.key).joined(separator: " and "))")
            return nil
        }
        guard let (key, _, value) = pairs.first else {
            if case .mapping = node { reader.error(node, "body needs one of json, text, form, file or multipart") }
            return nil
        }
        switch key {
        case "json": return .json(reader.json(value))
        case "text": return reader.string(value, what: "body text").map(BodyDefinition.text)
        case "form": return .form(reader.fields(value, what: "form"))
        case "file": return reader.string(value, what: "body file").map(BodyDefinition.file)
        default:
            guard case .sequence(let entries) = value else {
                reader.error(value, "multipart must be a list of parts, found \(NodeReader.kind(of: value))")
                return nil
            }
            return .multipart(entries.compactMap { multipartField($0, reader: &reader) })
        }
    }

    private static func multipartField(_ node: Node, reader: inout NodeReader) -> MultipartField? {
        var field = MultipartField(name: "")
        for (key, _, value) in reader.mapping(node, what: "a multipart part", allowed: ["name", "value", "file", "mime", "filename"]) {
            let text = reader.string(value, what: "multipart \(key)")
            switch key {
            case "name": field.name = text ?? ""
            case "value": field.value = text
            case "file": field.file = text
            case "mime": field.mime = text
            default: field.filename = text
            }
        }
        guard !field.name.isEmpty else {
            reader.error(node, "a multipart part needs a name")
            return nil
        }
        if (field.value == nil) == (field.file == nil) {
            reader.error(node, "the multipart part '\(field.name)' needs either a value or a file")
            return nil
        }
        return field
    }
}
