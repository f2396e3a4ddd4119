import Foundation

/// Postman environment and globals exports: `{name, values: [{key, value, enabled, type}]}`.
extension PostmanImporter {
    /// One parsed environment file, and whether it holds globals.
    public typealias ParsedEnvironment = (environment: ImportedEnvironment, isGlobals: Bool)

    /// Reads an environment or globals export; values of type `secret` or named like a
    /// credential go to the secret file, disabled ones are left out (they are listed when added).
    /// - Throws: `ImportError` when it is not a Postman environment.
    public static func parseEnvironment(_ data: Data, file: String) throws(ImportError) -> ParsedEnvironment {
        let root = try SourceDocument.parse(data, file: file)
        guard case .array(let values)? = root["values"] else {
            throw ImportError("\(file) is not a Postman environment or globals export: it has no 'values' list")
        }
        let isGlobals = root["_postman_variable_scope"]?.text == "globals"
        let fallback = URL(fileURLWithPath: file).deletingPathExtension().lastPathComponent
            .replacingOccurrences(of: ".postman_environment", with: "").replacingOccurrences(of: ".postman_globals", with: "")
        let name = FileCollectionStore.slug(root["name"]?.text ?? fallback)
        var environment = ImportedEnvironment(name: name.isEmpty ? (isGlobals ? "globals" : "environment") : name)
        for value in values {
            guard let key = value["key"]?.text else { continue }
            guard value["enabled"]?.flag != false else {
                environment.variables.append(Field(name: key, value: value["value"]?.variableText ?? "", enabled: false))
                continue
            }
            environment.add(key, value["value"]?.variableText ?? "", secret: value["type"]?.text == "secret")
        }
        return (environment, isGlobals)
    }

    /// Adds parsed environments to an import: globals go into every environment (or one of their
    /// own when there is none), below the environment's values of the same name.
    public static func addEnvironments(_ parsed: [ParsedEnvironment], to imported: inout ImportedCollection) {
        let globals = parsed.filter(\.isGlobals).map(\.environment)
        var environments = parsed.filter { !$0.isGlobals }.map(\.environment)
        if environments.isEmpty { environments = globals }
        else {
            for global in globals {
                for index in environments.indices {
                    for field in global.variables + global.secrets {
                        let known = environments[index].variables.contains { $0.name == field.name } || environments[index].secrets.contains { $0.name == field.name }
                        if !known { environments[index].add(field.name, field.value, secret: global.secrets.contains(field)) }
                    }
                }
            }
        }
        for var environment in environments {
            for field in environment.variables where !field.enabled {
                imported.skip(environment.name, "variable \(field.name)", "disabled in Postman; environment files have no switched-off values, so it was left out")
            }
            environment.variables.removeAll { !$0.enabled }
            imported.environment(environment.name) { target in
                for field in environment.variables { target.add(field.name, field.value) }
                for field in environment.secrets { target.add(field.name, field.value, secret: true) }
            }
        }
    }
}
