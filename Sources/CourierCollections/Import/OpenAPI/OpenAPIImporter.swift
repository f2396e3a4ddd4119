import Foundation

/// OpenAPI 3.0 and 3.1 (JSON or YAML, local `$ref`s) as a collection: one request per operation in
/// a folder per tag, the first server as `baseUrl` (its variables in the `default` environment),
/// parameters and bodies from examples or schema skeletons, security schemes as auth, the
/// documented success status as an `expect:` line, and examples of the success response (its own,
/// or samples of its schema) as `examples:`.
public enum OpenAPIImporter {
    static let methods = ["get", "put", "post", "delete", "options", "head", "patch", "trace"]
    /// The environment that receives server variables and credentials.
    static let environmentName = "default"

    /// Reads a description.
    /// - Parameters:
    ///   - data: The file's bytes.
    ///   - file: Its name, for messages.
    /// - Throws: `ImportError` when it is not readable or not OpenAPI 3.
    public static func parse(_ data: Data, file: String) throws(ImportError) -> ImportedCollection {
        let root = try SourceDocument.parse(data, file: file)
        guard let version = root["openapi"]?.text else {
            if root["swagger"] != nil { throw ImportError("\(file) is Swagger 2.0; convert it to OpenAPI 3 first (courier reads 3.0 and 3.1)") }
            throw ImportError("\(file) is not an OpenAPI description: it has no 'openapi' version key")
        }
        guard version.hasPrefix("3.") else { throw ImportError("\(file) is OpenAPI \(version); courier reads 3.0 and 3.1") }
        let document = OpenAPIDocument(root: root, file: file)
        var imported = ImportedCollection()
        imported.settings.name = root["info"]?["title"]?.text
        if let description = root["info"]?["description"]?.text { imported.comments.append(description) }
        readServers(document, into: &imported)
        var security = OpenAPISecurity(document: document)
        var variables: [Field] = []
        for (path, rawItem) in root["paths"]?.pairs ?? [] {
            guard let item = document.resolved(rawItem) else {
                imported.skip(file, path, "its $ref points nowhere in this file (only local references are followed)")
                continue
            }
            for (method, rawOperation) in item.pairs where methods.contains(method) {
                guard let operation = document.resolved(rawOperation) else { continue }
                var builder = OperationBuilder(document: document, path: path, method: method.uppercased(), item: item, operation: operation)
                builder.build(security: &security, variables: &variables)
                imported.unmapped += builder.unmapped
                imported.requests.append(builder.imported)
            }
            for (key, _) in item.pairs where !methods.contains(key) && !["parameters", "summary", "description", "servers", "$ref"].contains(key) && !key.hasPrefix("x-") {
                imported.skip(file, "\(path) \(key)", "not an HTTP method courier knows")
            }
        }
        for (name, _) in root["webhooks"]?.pairs ?? [] {
            imported.skip(file, "webhook \(name)", "a request the API sends to you, not one you send; not imported")
        }
        imported.settings.variables += variables
        for credential in security.credentials {
            imported.environment(environmentName) { $0.add(credential.name, "", secret: credential.secret) }
        }
        imported.unmapped += security.unmapped
        if imported.requests.isEmpty { imported.skip(file, "paths", "the description has no operations") }
        return imported
    }

    /// The first server's URL, `{var}` as `{{var}}`, with the variables' defaults in the environment.
    private static func readServers(_ document: OpenAPIDocument, into imported: inout ImportedCollection) {
        let servers = document.root["servers"]?.items ?? []
        guard let server = servers.first, var url = server["url"]?.text else {
            imported.settings.baseUrl = "{{baseUrl}}"
            imported.environment(environmentName) { $0.add("baseUrl", "http://localhost") }
            imported.skip(document.file, "servers", "none documented: baseUrl is {{baseUrl}}, set to http://localhost in the \(environmentName) environment")
            return
        }
        for (name, variable) in server["variables"]?.pairs ?? [] {
            url = url.replacingOccurrences(of: "{\(name)}", with: "{{\(name)}}")
            imported.environment(environmentName) { $0.add(name, variable["default"]?.text ?? "") }
        }
        if !url.contains("://") && !url.hasPrefix("{{") {
            // A server URL relative to where the description is served from.
            imported.environment(environmentName) { $0.add("host", "http://localhost") }
            url = "{{host}}" + (url.hasPrefix("/") ? url : "/" + url)
            imported.comments.append("The description's server is relative (\(server["url"]?.text ?? "")): set host in the \(environmentName) environment.")
        }
        imported.settings.baseUrl = url.hasSuffix("/") ? String(url.dropLast()) : url
        for other in servers.dropFirst() {
            imported.comments.append("Also served at \(other["url"]?.text ?? "?")\(other["description"]?.text.map { " (\($0))" } ?? "")")
        }
    }
}
