/// A variable one request captures and another uses (a Postman `pm.environment.set`, a
/// JetBrains `client.global.set`) makes the second require the first, so `courier test` and
/// `courier run` fetch it when it is missing.
extension ImportedCollection {
    mutating func linkingCaptures() {
        var defined = Set(settings.variables.map(\.name))
        for folder in folders { defined.formUnion(folder.settings.variables.map(\.name)) }
        for environment in environments { defined.formUnion((environment.variables + environment.secrets).map(\.name)) }
        var capturer: [String: String] = [:]
        for request in requests {
            for capture in request.request.captures where capturer[capture.name] == nil { capturer[capture.name] = request.key }
        }
        guard !capturer.isEmpty else { return }
        for index in requests.indices {
            let used = Set(Self.references(of: requests[index].request))
            for name in used.sorted() where !defined.contains(name) {
                guard let key = capturer[name], key != requests[index].key, !requests[index].requiresKeys.contains(key) else { continue }
                requests[index].requiresKeys.append(key)
            }
        }
    }

    /// The variable names a request's templated texts refer to.
    static func references(of request: RequestDefinition) -> [String] {
        var names: [String] = []
        _ = request.mappingTemplates { text in
            names += TemplateContext.references(in: text)
            return text
        }
        return names
    }
}
