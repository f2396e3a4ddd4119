import Foundation

/// Postman Collection v2.0 and v2.1 (JSON) as a collection: folders as folders, collection and
/// folder variables as settings variables, auth (inherited auth applied to each request), bodies,
/// disabled query parameters and headers kept disabled, descriptions as comments, and test
/// scripts converted to `capture:`/`expect:` where they say the same thing.
public enum PostmanImporter {
    /// Reads a collection export.
    /// - Parameters:
    ///   - data: The file's bytes (no IO: a fuzz target can call this directly).
    ///   - file: Its name, for messages.
    /// - Throws: `ImportError` when it is not JSON or not a Postman collection.
    public static func parse(_ data: Data, file: String) throws(ImportError) -> ImportedCollection {
        let root = try SourceDocument.parse(data, file: file)
        guard let items = root["item"], case .array = items else {
            throw ImportError("\(file) is not a Postman collection v2.0/v2.1: it has no 'item' list")
        }
        // Exports have `info`; hand-written collections (newman's own fixtures) put `name` at the top.
        let info = root["info"] ?? root
        if let schema = info["schema"]?.text, !schema.contains("v2.") {
            throw ImportError("\(file) uses the collection schema \(schema); courier reads v2.0 and v2.1 (re-export it from Postman)")
        }
        var walker = PostmanWalker(file: file)
        var imported = ImportedCollection()
        imported.settings.name = info["name"]?.text
        imported.comments = PostmanWalker.description(info["description"]).map { [$0] } ?? []
        imported.settings.variables = walker.variables(root["variable"], owner: "collection")
        let auth = walker.auth(root["auth"], inherited: .none, owner: "collection")
        imported.comments += walker.ownerScripts(root["event"], owner: "collection")
        walker.walk(items.items, folder: [], auth: auth)
        imported.folders = walker.folders
        imported.requests = walker.requests
        imported.unmapped = walker.unmapped
        return imported
    }
}

/// Walks the item tree, carrying the auth each level hands down.
struct PostmanWalker {
    let file: String
    var folders: [ImportedFolder] = []
    var requests: [ImportedRequest] = []
    var unmapped: [UnmappedItem] = []

    init(file: String) { self.file = file }

    mutating func skip(_ item: String, _ reason: String) {
        unmapped.append(UnmappedItem(file: file, item: item, reason: reason))
    }

    mutating func walk(_ items: [JSONValue], folder: [String], auth: PostmanAuth) {
        for (index, item) in items.enumerated() {
            let name = item["name"]?.text ?? "item \(index + 1)"
            let place = (folder + [name]).joined(separator: "/")
            if let children = item["item"] {
                let path = folder + [name]
                var settings = CollectionDefinition()
                settings.name = name
                settings.variables = variables(item["variable"], owner: place)
                var comments = Self.description(item["description"]).map { [$0] } ?? []
                comments += ownerScripts(item["event"], owner: place)
                folders.append(ImportedFolder(path: path, settings: settings, comments: comments))
                walk(children.items, folder: path, auth: self.auth(item["auth"], inherited: auth, owner: place))
            } else if let request = item["request"] {
                readRequest(request, item: item, name: name, folder: folder, place: place, auth: auth)
            } else {
                skip(place, "neither a request nor a folder")
            }
        }
    }

    /// `description` as text: a string, or v2.1's `{content, type}`.
    static func description(_ value: JSONValue?) -> String? {
        let text = value?.text ?? value?["content"]?.text
        return text.flatMap { $0.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty ? nil : $0 }
    }

    /// Variables of the collection or a folder.
    mutating func variables(_ value: JSONValue?, owner: String) -> [Field] {
        (value?.items ?? []).compactMap { variable in
            guard let name = (variable["key"] ?? variable["id"])?.text else {
                skip(owner, "a variable without a key")
                return nil
            }
            return Field(name: name, value: variable["value"]?.variableText ?? "", enabled: variable["disabled"]?.flag != true)
        }
    }

    private mutating func readRequest(_ request: JSONValue, item: JSONValue, name: String, folder: [String], place: String, auth: PostmanAuth) {
        var definition = RequestDefinition()
        var comments = Self.description(item["description"] ?? request["description"]).map { [$0] } ?? []
        // v2.0 allows a request to be just its URL.
        if let url = request.text {
            definition.url = url
        } else {
            definition.method = (request["method"]?.text ?? "GET").uppercased()
            readURL(request["url"], into: &definition, place: place)
            definition.headers += headers(request["header"], place: place)
            readBody(request["body"], into: &definition, place: place)
        }
        let applied = self.auth(request["auth"], inherited: auth, owner: place)
        applied.apply(to: &definition)
        var scripts = PostmanScripts(file: file, place: place)
        scripts.read(item["event"] ?? request["event"])
        definition.captures = scripts.outcome.captures
        definition.expectations = scripts.outcome.expectations
        comments += scripts.outcome.comments
        unmapped += scripts.outcome.unmapped
        definition = rewriteTemplates(definition, place: place)
        var imported = ImportedRequest(folder: folder, name: name, request: definition, comments: comments)
        if let field = applied.credentialField { imported.credentialFields.insert(field) }
        requests.append(imported)
    }

    /// Postman's dynamic variables in Courier's spelling; others are listed.
    private mutating func rewriteTemplates(_ request: RequestDefinition, place: String) -> RequestDefinition {
        var unknown: [String] = []
        let rewritten = request.mappingTemplates { text in
            let (result, missing) = TemplateSyntax.rewrite(text, TemplateSyntax.standard)
            unknown += missing
            return result
        }
        for placeholder in Set(unknown).sorted() {
            skip(place, "\(placeholder): Courier has no such built-in (it has $uuid, $timestamp, $randomInt); kept as written")
        }
        return rewritten
    }

    /// The URL: `raw` without its query (the `query` list holds it, with disabled entries), or
    /// the host and path parts; `:name` path variables filled in from `url.variable`.
    private mutating func readURL(_ value: JSONValue?, into definition: inout RequestDefinition, place: String) {
        guard let value else {
            skip(place, "the request has no URL")
            definition.url = ""
            return
        }
        var raw: String
        if let text = value.text {
            raw = text
        } else if let text = value["raw"]?.text {
            raw = text
        } else {
            let host = value["host"]?.items.compactMap(\.text).joined(separator: ".") ?? value["host"]?.text ?? ""
            let path = value["path"]?.items.compactMap(\.text).joined(separator: "/") ?? value["path"]?.text ?? ""
            raw = (value["protocol"]?.text.map { "\($0)://" } ?? "") + host + (path.isEmpty ? "" : "/" + path)
        }
        if let hash = raw.firstIndex(of: "#") { raw = String(raw[..<hash]) }
        var query: [Field] = []
        if let question = raw.firstIndex(of: "?") {
            query = Self.queryFields(String(raw[raw.index(after: question)...]))
            raw = String(raw[..<question])
        }
        if let list = value["query"]?.items, !list.isEmpty {
            query = list.compactMap { entry in
                entry["key"]?.text.map { Field(name: $0, value: entry["value"]?.text ?? "", enabled: entry["disabled"]?.flag != true) }
            }
        }
        for variable in value["variable"]?.items ?? [] {
            guard let key = variable["key"]?.text else { continue }
            let replacement = variable["value"]?.text.flatMap { $0.isEmpty ? nil : $0 } ?? "{{\(key)}}"
            raw = raw.replacingOccurrences(of: ":\(key)", with: replacement)
        }
        if !raw.contains("://") && !raw.hasPrefix("{{") && !raw.isEmpty { raw = "http://" + raw }
        definition.url = raw
        definition.query = query
    }

    /// `a=1&b=2` as fields, percent-decoded.
    static func queryFields(_ text: String) -> [Field] {
        text.split(separator: "&").map { pair in
            let parts = pair.split(separator: "=", maxSplits: 1).map { String($0).removingPercentEncoding ?? String($0) }
            return Field(name: parts[0], value: parts.count > 1 ? parts[1] : "")
        }
    }

    /// Headers: a list of `{key, value, disabled}` or v2.0's `Name: value` lines.
    private mutating func headers(_ value: JSONValue?, place: String) -> [Field] {
        if let text = value?.text {
            return text.split(whereSeparator: \.isNewline).map(String.init).compactMap { line in
                guard let colon = line.firstIndex(of: ":") else { return nil }
                return Field(name: String(line[..<colon]).trimmingCharacters(in: .whitespaces),
                             value: String(line[line.index(after: colon)...]).trimmingCharacters(in: .whitespaces))
            }
        }
        return (value?.items ?? []).compactMap { header in
            guard let name = header["key"]?.text else { return nil }
            return Field(name: name, value: header["value"]?.text ?? "", enabled: header["disabled"]?.flag != true)
        }
    }
}
