import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Writes collection files in one canonical form: a fixed key order and no default values, so an
/// edit makes a diff of exactly the lines it changed, and a file that loads and saves unchanged
/// keeps its bytes.
public enum CollectionWriter {
    /// JSON bodies longer than this are written in block style.
    static let flowWidth = 100

    /// The text of a request file.
    public static func text(of request: RequestDefinition) -> String {
        var lines: [String] = []
        if let name = request.name { lines.append("name: \(YAMLText.scalar(name))") }
        if request.method != "GET" { lines.append("method: \(request.method)") }
        if let url = request.url { lines.append("url: \(YAMLText.scalar(url))") }
        if let path = request.path { lines.append("path: \(YAMLText.scalar(path))") }
        appendFields("query", request.query, to: &lines)
        appendFields("headers", request.headers, to: &lines)
        if let body = request.body { lines += bodyLines(body) }
        if let auth = request.auth { lines += authLines(auth) }
        if let timeout = request.timeout { lines.append("timeout: \(YAMLText.number(timeout))") }
        if let retries = request.retries { lines.append("retries: \(retries)") }
        if let follow = request.followRedirects { lines.append("followRedirects: \(follow)") }
        if let trust = request.trustRedirects { lines.append("trustRedirects: \(trust)") }
        if let transport = request.transport { lines.append("transport: \(transport.rawValue)") }
        lines += connectionLines(request.connection)
        if let converter = request.converter { lines.append("converter: \(YAMLText.scalar(converter))") }
        if let converter = request.errorConverter { lines.append("errorConverter: \(YAMLText.scalar(converter))") }
        lines += testingLines(of: request)
        if !request.examples.isEmpty { lines += ["examples:"] + exampleLines(request.examples) }
        return lines.joined(separator: "\n") + "\n"
    }

    /// The text of a `collection.yaml`.
    public static func text(of collection: CollectionDefinition) -> String {
        var lines: [String] = []
        if let name = collection.name { lines.append("name: \(YAMLText.scalar(name))") }
        if let baseUrl = collection.baseUrl { lines.append("baseUrl: \(YAMLText.scalar(baseUrl))") }
        appendFields("headers", collection.headers, to: &lines)
        if let auth = collection.auth { lines += authLines(auth) }
        if let timeout = collection.timeout { lines.append("timeout: \(YAMLText.number(timeout))") }
        if let retries = collection.retries { lines.append("retries: \(retries)") }
        if let transport = collection.transport { lines.append("transport: \(transport.rawValue)") }
        lines += connectionLines(collection.connection)
        appendFields("variables", collection.variables, to: &lines)
        if let order = collection.order { lines.append("order: [" + order.map(YAMLText.scalar).joined(separator: ", ") + "]") }
        return lines.joined(separator: "\n") + "\n"
    }

    /// The text of an environment file: `name: value` lines.
    public static func text(ofEnvironment fields: [Field]) -> String {
        fields.map { "\(YAMLText.scalar($0.name)): \(YAMLText.scalar($0.value))" }.joined(separator: "\n") + "\n"
    }

    /// Certificate and proxy settings, in `ConnectionDefinition.keys` order.
    private static func connectionLines(_ connection: ConnectionDefinition) -> [String] {
        var lines: [String] = []
        if let insecure = connection.insecure { lines.append("insecure: \(insecure)") }
        if let path = connection.caCert { lines.append("caCert: \(YAMLText.scalar(path))") }
        if let path = connection.clientCert { lines.append("clientCert: \(YAMLText.scalar(path))") }
        if let path = connection.clientKey { lines.append("clientKey: \(YAMLText.scalar(path))") }
        if let proxy = connection.proxy { lines.append("proxy: \(YAMLText.scalar(proxy))") }
        if let hosts = connection.noProxy { lines.append("noProxy: [" + hosts.map(YAMLText.scalar).joined(separator: ", ") + "]") }
        if let version = connection.httpVersion { lines.append("httpVersion: \"\(version)\"") }
        return lines
    }

    private static func appendFields(_ key: String, _ fields: [Field], to lines: inout [String]) {
        guard !fields.isEmpty else { return }
        lines.append("\(key):")
        lines += fields.map { "  - " + YAMLText.field($0) }
    }

    /// `auth: none`, `auth: {bearer: …}`, an `oauth2:` block, or `auth:` and a line with the kind
    /// and its fields in flow style (block style when that line would pass 100 characters).
    static func authLines(_ auth: AuthDefinition) -> [String] {
        switch auth {
        case .none: return ["auth: none"]
        case .bearer(let token): return ["auth: {bearer: \(YAMLText.scalar(token))}"]
        case .oauth2(let definition): return ["auth:", "  oauth2:"] + oauth2Lines(definition, indent: 4)
        default:
            let flow = authFlow(auth)
            if flow.count + 4 + auth.kind.rawValue.count <= flowWidth { return ["auth:", "  \(auth.kind.rawValue): \(flow)"] }
            return ["auth:", "  \(auth.kind.rawValue):"] + auth.fields.map { "    \($0.key): \(YAMLText.scalar($0.value))" }
        }
    }

    /// `{user: ada, password: "{{password}}"}`: the fields of a kind that is a mapping.
    static func authFlow(_ auth: AuthDefinition) -> String {
        "{" + auth.fields.map { "\($0.key): \(YAMLText.scalar($0.value))" }.joined(separator: ", ") + "}"
    }

    /// `body:` and the lines below it.
    static func bodyLines(_ body: BodyDefinition) -> [String] {
        switch body {
        case .json(let value):
            let flow = YAMLText.flow(value)
            if flow.count <= flowWidth { return ["body:", "  json: \(flow)"] }
            return ["body:", "  json:", YAMLText.block(value, indent: 4)]
        case .text(let text): return ["body:", "  text: \(YAMLText.scalar(text))"]
        case .file(let path): return ["body:", "  file: \(YAMLText.scalar(path))"]
        case .form(let fields): return ["body:", "  form:"] + fields.map { "    - " + YAMLText.field($0) }
        case .multipart(let parts):
            return ["body:", "  multipart:"] + parts.map { part in
                var pairs = ["name: \(YAMLText.scalar(part.name))"]
                if let value = part.value { pairs.append("value: \(YAMLText.scalar(value))") }
                if let file = part.file { pairs.append("file: \(YAMLText.scalar(file))") }
                if let mime = part.mime { pairs.append("mime: \(YAMLText.scalar(mime))") }
                if let filename = part.filename { pairs.append("filename: \(YAMLText.scalar(filename))") }
                return "    - {" + pairs.joined(separator: ", ") + "}"
            }
        }
    }

    /// Why a save failed.
    public struct SaveError: Error, Sendable, CustomStringConvertible {
        public let description: String
    }

    /// Writes `text` to `url` atomically: a temporary file in the same folder, then a rename, so a
    /// crash leaves either the old or the new file, never half of one. A file that already holds
    /// `text` is not touched.
    /// - Parameter secret: Written with mode 0600 (new files and existing ones alike).
    /// - Returns: Whether the file was written.
    @discardableResult
    public static func save(_ text: String, to url: URL, secret: Bool = false) throws(SaveError) -> Bool {
        try save(Data(text.utf8), to: url, secret: secret)
    }

    /// Writes `data` to `url` atomically, as `save(_:to:secret:)` writes text. A symbolic link
    /// stays one: the file it points to is replaced, keeping that file's mode.
    @discardableResult
    public static func save(_ data: Data, to link: URL, secret: Bool = false) throws(SaveError) -> Bool {
        let url = target(of: link)
        if FileManager.default.contents(atPath: url.path) == data { return false }
        let folder = url.deletingLastPathComponent()
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        } catch {
            throw SaveError(description: "cannot create the folder \(folder.path): \(error.localizedDescription)")
        }
        let temporary = folder.appendingPathComponent(".\(url.lastPathComponent).\(UUID().uuidString).tmp")
        let existingMode = (try? FileManager.default.attributesOfItem(atPath: url.path)[.posixPermissions]) as? Int
        let mode = secret ? 0o600 : (existingMode ?? 0o644)
        guard FileManager.default.createFile(atPath: temporary.path, contents: data, attributes: [.posixPermissions: mode]) else {
            throw SaveError(description: "cannot write \(temporary.path) (is the folder writable?)")
        }
        if chmod(temporary.path, mode_t(mode)) != 0 || rename(temporary.path, url.path) != 0 {
            let reason = String(cString: strerror(errno))
            try? FileManager.default.removeItem(at: temporary)
            throw SaveError(description: "cannot replace \(url.path): \(reason)")
        }
        return true
    }

    /// The file `url` names once symbolic links are followed (`url` itself when it is none),
    /// so a save replaces the file a link points to, never the link.
    static func target(of url: URL) -> URL {
        var current = url
        // A bound, as the kernel has one: a loop of links is written as the last link reached.
        for _ in 0..<40 {
            guard let destination = try? FileManager.default.destinationOfSymbolicLink(atPath: current.path) else { return current }
            current = destination.hasPrefix("/") ? URL(fileURLWithPath: destination)
                : current.deletingLastPathComponent().appendingPathComponent(destination).standardizedFileURL
        }
        return current
    }
}
