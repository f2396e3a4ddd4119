/// Courier fills in `{{name}}` in request text but not inside a variable's value, while Insomnia,
/// the `.http` dialects and Postman let one variable refer to another
/// (`base_url: "{{scheme}}://{{host}}"`). Imported values are flattened: each reference is
/// replaced with the value it has in that environment.
extension ImportedCollection {
    /// How many rounds of replacement a chain of references gets (a cycle stops here).
    private static let rounds = 8

    mutating func flatteningNestedVariables() {
        let collection = settings.variables
        guard (collection + environments.flatMap { $0.variables + $0.secrets }).contains(where: { $0.value.contains("{{") }) else { return }
        if environments.isEmpty {
            settings.variables = Self.flatten(collection, in: collection)
            return
        }
        for index in environments.indices {
            let environment = environments[index]
            let scope = collection + environment.variables + environment.secrets
            environments[index].variables = Self.flatten(environment.variables, in: scope)
            environments[index].secrets = Self.flatten(environment.secrets, in: scope)
            // A collection value that needs this environment's values is written into it, flattened.
            for field in collection where field.value.contains("{{") {
                let flattened = Self.flatten([field], in: scope)[0]
                guard flattened.value != field.value, !environment.variables.contains(where: { $0.name == field.name }) else { continue }
                environments[index].variables.append(flattened)
            }
        }
        settings.variables = Self.flatten(collection, in: collection)
    }

    /// `fields` with references to names of `scope` replaced by their (flattened) values.
    private static func flatten(_ fields: [Field], in scope: [Field]) -> [Field] {
        var values: [String: String] = [:]
        for field in scope { values[field.name] = field.value }
        return fields.map { field in
            var copy = field
            for _ in 0..<rounds {
                let next = TemplateSyntax.rewrite(copy.value) { inner in inner }.text
                var replaced = next
                for name in TemplateContext.references(in: next) where !name.hasPrefix("$") {
                    guard let value = values[name], name != field.name else { continue }
                    replaced = replaced.replacingOccurrences(of: "{{\(name)}}", with: value)
                }
                if replaced == copy.value { break }
                copy.value = replaced
            }
            return copy
        }
    }
}
