import Foundation

/// HAR 1.2 (Chrome and Firefox devtools) as a collection: one request per entry, in the order
/// they were sent. HTTP/2 pseudo-headers and `Content-Length` are dropped; cookies and
/// credential headers become secret variables of the `har` environment (the secret rule).
public enum HARImporter {
    /// Which entries to keep.
    public struct Filter: Sendable {
        /// Only XHR and fetch requests (Chrome's `_resourceType`, or `X-Requested-With`).
        public var onlyXHR: Bool
        /// Only these hosts; all when empty.
        public var hosts: [String]

        /// A filter; the default keeps every entry.
        public init(onlyXHR: Bool = false, hosts: [String] = []) {
            self.onlyXHR = onlyXHR
            self.hosts = hosts
        }
    }

    /// Headers a client computes itself: copying them would send stale values.
    static let computedHeaders: Set<String> = ["content-length", "host"]

    /// Reads a HAR file.
    /// - Throws: `ImportError` when it is not JSON or has no `log.entries`.
    public static func parse(_ data: Data, file: String, filter: Filter = Filter()) throws(ImportError) -> ImportedCollection {
        let root = try SourceDocument.parse(data, file: file)
        guard case .array(let entries)? = root["log"]?["entries"] else {
            throw ImportError("\(file) is not a HAR file: it has no log.entries list")
        }
        var imported = ImportedCollection()
        imported.secretEnvironment = "har"
        var kept: [(JSONValue, URLComponents)] = []
        var filtered = 0
        for (index, entry) in entries.enumerated() {
            guard let request = entry["request"], let url = request["url"]?.text, let components = URLComponents(string: url),
                  let host = components.host else {
                imported.skip(file, "entry \(index + 1)", "no request with an absolute URL")
                continue
            }
            if (filter.onlyXHR && !isXHR(entry)) || (!filter.hosts.isEmpty && !filter.hosts.contains(host)) {
                filtered += 1
                continue
            }
            kept.append((entry, components))
        }
        if filtered > 0 { imported.notes.append("\(filtered) of \(entries.count) entries of \(file) left out by --only-xhr/--host") }
        let origins = Set(kept.map { origin($0.1) })
        if origins.count == 1, let only = origins.first { imported.settings.baseUrl = only }
        let hosts = Set(kept.compactMap { $0.1.host })
        for (index, (entry, components)) in kept.enumerated() {
            var builder = HAREntry(file: file, index: index, components: components, relative: origins.count == 1)
            builder.read(entry["request"] ?? .null)
            imported.unmapped += builder.unmapped
            let folder = hosts.count > 1 ? [components.host ?? "other"] : []
            imported.requests.append(ImportedRequest(folder: folder, name: builder.name, request: builder.request))
        }
        var dropped = Set<String>()
        for (entry, _) in kept {
            for header in entry["request"]?["headers"]?.items ?? [] {
                if let name = header["name"]?.text, computedHeaders.contains(name.lowercased()) { dropped.insert(name) }
            }
        }
        if !dropped.isEmpty { imported.notes.append("\(dropped.sorted().joined(separator: ", ")) dropped: courier computes it for the body it sends") }
        return imported
    }

    /// `scheme://host[:port]`.
    static func origin(_ components: URLComponents) -> String {
        "\(components.scheme ?? "https")://\(components.host ?? "")" + (components.port.map { ":\($0)" } ?? "")
    }

    private static func isXHR(_ entry: JSONValue) -> Bool {
        if let type = entry["_resourceType"]?.text?.lowercased() { return type == "xhr" || type == "fetch" }
        if entry["_isXHR"]?.flag == true { return true }
        return entry["request"]?["headers"]?.items.contains {
            $0["name"]?.text?.lowercased() == "x-requested-with" && $0["value"]?.text == "XMLHttpRequest"
        } ?? false
    }
}

/// One entry's request.
struct HAREntry {
    let file: String
    let index: Int
    let components: URLComponents
    /// Whether the collection's baseUrl is this entry's origin (so `path:` is used).
    let relative: Bool
    private(set) var request = RequestDefinition()
    private(set) var unmapped: [UnmappedItem] = []

    init(file: String, index: Int, components: URLComponents, relative: Bool) {
        self.file = file
        self.index = index
        self.components = components
        self.relative = relative
    }

    var name: String { "\(request.method) \(components.percentEncodedPath.isEmpty ? "/" : components.percentEncodedPath)" }

    mutating func read(_ value: JSONValue) {
        request.method = (value["method"]?.text ?? "GET").uppercased()
        var bare = components
        bare.percentEncodedQuery = nil
        bare.fragment = nil
        let path = String(bare.percentEncodedPath.drop { $0 == "/" })
        if relative { request.path = path } else { request.url = bare.string }
        let listed = value["queryString"]?.items ?? []
        request.query = listed.isEmpty
            ? (components.queryItems ?? []).map { Field(name: $0.name, value: $0.value ?? "") }
            : listed.compactMap { item in item["name"]?.text.map { Field(name: $0, value: item["value"]?.text ?? "") } }
        for header in value["headers"]?.items ?? [] {
            guard let name = header["name"]?.text, !name.hasPrefix(":"), !HARImporter.computedHeaders.contains(name.lowercased()) else { continue }
            request.headers.append(Field(name: name, value: header["value"]?.text ?? ""))
        }
        let cookies = (value["cookies"]?.items ?? []).compactMap { cookie in
            cookie["name"]?.text.map { "\($0)=\(cookie["value"]?.text ?? "")" }
        }
        if !cookies.isEmpty && !request.headers.contains(where: { $0.name.lowercased() == "cookie" }) {
            request.headers.append(Field(name: "Cookie", value: cookies.joined(separator: "; ")))
        }
        if let body = value["postData"] { readBody(body) }
    }

    private mutating func readBody(_ body: JSONValue) {
        let type = (body["mimeType"]?.text ?? "").lowercased()
        let text = body["text"]?.text ?? ""
        let params = body["params"]?.items ?? []
        if type.contains("json"), let value = try? JSONValue.parse(text) {
            request.body = .json(value)
        } else if type.hasPrefix("application/x-www-form-urlencoded") {
            request.body = .form(params.isEmpty ? PostmanWalker.queryFields(text)
                                 : params.compactMap { param in param["name"]?.text.map { Field(name: $0, value: param["value"]?.text ?? "") } })
        } else if type.hasPrefix("multipart/form-data"), !params.isEmpty {
            request.body = .multipart(params.compactMap { param in
                guard let name = param["name"]?.text else { return nil }
                if let fileName = param["fileName"]?.text {
                    unmapped.append(UnmappedItem(file: file, item: "entry \(index + 1) (\(self.name)): part \(name)",
                                                 reason: "the file \(fileName) is not in the HAR; add {name: \(name), file: PATH} yourself"))
                    return nil
                }
                return MultipartField(name: name, value: param["value"]?.text ?? "")
            })
            // The browser's boundary belongs to the body it sent; courier writes its own.
            request.headers.removeAll { $0.name.lowercased() == "content-type" }
        } else if !text.isEmpty {
            if body["encoding"]?.text == "base64" {
                unmapped.append(UnmappedItem(file: file, item: "entry \(index + 1) (\(self.name)): body", reason: "a binary (base64) body; left out"))
            } else {
                request.body = .text(text)
            }
        }
    }
}
