import Courier
import Foundation

/// DESIGN's secret rule applied to imported files: a credential written literally in the source
/// (a bearer token, a Basic password, an `Authorization` or `Cookie` header, an API key
/// parameter, a variable named like a credential) moves into the environments' `*.secret.yaml`,
/// and the request refers to it as `{{name}}`.
extension ImportedCollection {
    /// Moves every literal credential into secret variables.
    /// - Parameter fallback: The environment that receives them when the import has none.
    mutating func movingSecrets(fallback: String = "imported") {
        var names = SecretNames()
        for index in requests.indices {
            requests[index].request = Self.authFromHeader(requests[index].request)
            requests[index].request = Self.withSecretsReplaced(requests[index].request, credentials: requests[index].credentialFields, names: &names)
        }
        // Collection and folder variables named like credentials belong in the secret file too.
        var moved: [Field] = []
        settings.variables.removeAll { field in
            guard CaptureDefinition.isCredentialLike(field.name), !field.value.isEmpty else { return false }
            moved.append(field)
            return true
        }
        settings.headers = settings.headers.map { names.replace($0) }
        for index in folders.indices {
            folders[index].settings.variables.removeAll { field in
                guard CaptureDefinition.isCredentialLike(field.name), !field.value.isEmpty else { return false }
                moved.append(field)
                return true
            }
            folders[index].settings.headers = folders[index].settings.headers.map { names.replace($0) }
        }
        let secrets = moved + names.fields
        guard !secrets.isEmpty else { return }
        if environments.isEmpty { environments.append(ImportedEnvironment(name: fallback)) }
        for index in environments.indices {
            for secret in secrets where !environments[index].secrets.contains(where: { $0.name == secret.name })
                && !environments[index].variables.contains(where: { $0.name == secret.name }) {
                environments[index].secrets.append(secret)
            }
        }
    }

    /// `Authorization: Bearer …` or `Basic …` as the request's `auth:`, which says what it is.
    static func authFromHeader(_ request: RequestDefinition) -> RequestDefinition {
        guard request.auth == nil,
              let index = request.headers.firstIndex(where: { $0.name.lowercased() == "authorization" && $0.enabled }) else { return request }
        let value = request.headers[index].value.trimmingCharacters(in: .whitespaces)
        var copy = request
        if value.lowercased().hasPrefix("bearer ") {
            copy.auth = .bearer(String(value.dropFirst(7)).trimmingCharacters(in: .whitespaces))
        } else if value.lowercased().hasPrefix("basic "),
                  let data = Data(base64Encoded: String(value.dropFirst(6)).trimmingCharacters(in: .whitespaces)),
                  let pair = String(data: data, encoding: .utf8), let colon = pair.firstIndex(of: ":") {
            copy.auth = .basic(user: String(pair[..<colon]), password: String(pair[pair.index(after: colon)...]))
        } else {
            return request
        }
        copy.headers.remove(at: index)
        return copy
    }

    private static func withSecretsReplaced(_ request: RequestDefinition, credentials: Set<String>, names: inout SecretNames) -> RequestDefinition {
        var copy = request
        copy.headers = request.headers.map { names.replace($0, always: credentials.contains($0.name)) }
        copy.query = request.query.map { names.replace($0, always: credentials.contains($0.name)) }
        let secretKeys = Set(request.auth?.kind.fields.filter(\.isSecret).map(\.key) ?? [])
        copy.auth = request.auth?.mapValues { key, value in secretKeys.contains(key) ? names.reference(value, suggested: key) : value }
        return copy
    }
}

/// The secret variables made so far: one name per distinct value.
private struct SecretNames {
    var fields: [Field] = []

    /// A credential-bearing field (by its name, or `always`) with its literal value replaced by a reference.
    mutating func replace(_ field: Field, always: Bool = false) -> Field {
        guard always || SecretRedactor.isCredential(name: field.name) else { return field }
        var copy = field
        copy.value = reference(field.value, suggested: FileCollectionStore.slug(field.name).replacingOccurrences(of: "-", with: "_"))
        return copy
    }

    /// `{{name}}` for a literal secret value (the value itself when it is empty or already a placeholder).
    mutating func reference(_ value: String, suggested: String) -> String {
        guard !value.isEmpty, !TemplateSyntax.isPlaceholder(value) else { return value }
        if let known = fields.first(where: { $0.value == value }) { return "{{\(known.name)}}" }
        var name = suggested.isEmpty ? "secret" : suggested
        var counter = 2
        while fields.contains(where: { $0.name == name }) {
            name = "\(suggested)\(counter)"
            counter += 1
        }
        fields.append(Field(name: name, value: value))
        return "{{\(name)}}"
    }
}
