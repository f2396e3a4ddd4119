import Foundation

/// `.http`/`.rest` files as requests: file variables as collection variables, the environment
/// files beside them as environments (the private one as their secret files), built-ins in
/// Courier's spelling, `< ./file` bodies, and REST Client request variables
/// (`{{login.response.body.$.token}}`) as `requires:` plus a `capture:` on the named request.
public enum HTTPFileImporter {
    /// The contents of `http-client.env.json` and `http-client.private.env.json`, when present.
    public struct Environments: Sendable {
        /// `http-client.env.json`: environments by name, `$shared` for all of them.
        public var shared: Data?
        /// `http-client.private.env.json`, whose values go to the secret files.
        public var secret: Data?

        /// The two files' contents (nil: not there).
        public init(shared: Data? = nil, secret: Data? = nil) {
            self.shared = shared
            self.secret = secret
        }
    }

    /// Reads one file.
    /// - Parameters:
    ///   - data: The file's bytes (no IO: a fuzz target can call this directly).
    ///   - file: Its name, for messages.
    ///   - folder: Its folder, against which `< ./file` bodies are resolved; nil leaves them as written.
    ///   - environments: The environment files beside it.
    /// - Throws: `ImportError` when it is not UTF-8 or an environment file is not JSON.
    public static func parse(_ data: Data, file: String, folder: String? = nil, environments: Environments = Environments()) throws(ImportError) -> ImportedCollection {
        guard let text = String(data: data, encoding: .utf8) else { throw ImportError("\(file) is not UTF-8 text") }
        let parsed = HTTPFileParser.parse(text.hasPrefix("\u{FEFF}") ? String(text.dropFirst()) : text)
        var imported = ImportedCollection()
        for problem in parsed.problems {
            imported.skip(file, "line \(problem.line)", "`\(problem.text.trimmingCharacters(in: .whitespaces))` is not a header (Name: value); left out")
        }
        if parsed.requests.isEmpty { imported.skip(file, "the whole file", "it holds no request line") }
        imported.settings.variables = parsed.variables
        var mapper = HTTPRequestMapper(file: file, folder: folder, names: Set(parsed.requests.compactMap(\.name)))
        for request in parsed.requests { mapper.map(request) }
        mapper.attachCaptures()
        imported.requests = mapper.requests
        imported.unmapped += mapper.unmapped
        imported.settings.variables = imported.settings.variables.map { variable in
            var variable = variable
            variable.value = mapper.templates(variable.value, place: "@\(variable.name)").text
            return variable
        }
        try readEnvironments(environments, file: file, into: &imported)
        return imported
    }

    /// `{"dev": {...}, "$shared": {...}}`: one environment per key, `$shared` under each.
    private static func readEnvironments(_ environments: Environments, file: String, into imported: inout ImportedCollection) throws(ImportError) {
        for (data, secret, name) in [(environments.shared, false, "http-client.env.json"), (environments.secret, true, "http-client.private.env.json")] {
            guard let data else { continue }
            let root = try SourceDocument.parse(data, file: name)
            guard root.isObject else { throw ImportError("\(name) must hold an object of environments") }
            let shared = root["$shared"]?.pairs ?? []
            for (environment, values) in root.pairs where environment != "$shared" {
                guard values.isObject else {
                    imported.skip(name, environment, "not an object of variables")
                    continue
                }
                let slug = FileCollectionStore.slug(environment)
                imported.environment(slug.isEmpty ? "environment" : slug) { target in
                    for (key, value) in shared + values.pairs {
                        target.add(key, value.variableText, secret: secret)
                    }
                }
            }
        }
    }
}
