import Foundation

/// What an export writes: the requests of one request id or folder, each with what it inherits
/// from its `collection.yaml` chain, and the collection's variables and environments. Pure data,
/// so every exporter is a function of it and tests build one without files.
public struct ExportedCollection: Sendable {
    /// The exported folder's (or request's) name, for a Postman collection's `info.name`.
    public var name: String
    /// The collection's base URL as written (`{{$demo}}`, `https://api.example.com/v1`): the value
    /// of the `baseUrl` variable that relative request paths are written against.
    public var baseUrl: String?
    /// The collection's variables (defaults the environments override), in written order.
    public var variables: [Field]
    /// The collection's environments: plain values and the ones of their secret files.
    public var environments: [ImportedEnvironment]
    /// The requests, in tree order.
    public var requests: [ExportedRequest]

    /// A collection to export.
    public init(name: String, baseUrl: String? = nil, variables: [Field] = [], environments: [ImportedEnvironment] = [],
                requests: [ExportedRequest]) {
        self.name = name
        self.baseUrl = baseUrl
        self.variables = variables
        self.environments = environments
        self.requests = requests
    }

    /// The name of the variable relative paths are written against: `{{baseUrl}}/users`.
    public static let baseUrlVariable = "baseUrl"

    /// Whether a variable's value must not be written in clear (DESIGN, "What is secret"): it comes
    /// from a secret file or is named like a credential.
    public func isSecret(_ name: String) -> Bool {
        CaptureDefinition.isCredentialLike(name) || environments.contains { $0.secrets.contains { $0.name == name } }
    }

    /// The collection's variables, then `environment`'s values over them, with `baseUrl` first
    /// when a request needs it; secrets are empty unless `includeSecrets`.
    /// - Returns: The variables and the names of those left empty because they are secret.
    public func variableValues(environment: String?, includeSecrets: Bool) -> (values: [Field], withheld: [String]) {
        var values: [Field] = []
        func set(_ name: String, _ value: String) {
            if let index = values.firstIndex(where: { $0.name == name }) { values[index].value = value } else { values.append(Field(name: name, value: value)) }
        }
        if let baseUrl, requests.contains(where: { $0.request.url?.hasPrefix("{{\(Self.baseUrlVariable)}}") == true }) {
            set(Self.baseUrlVariable, baseUrl)
        }
        // Only what the requests read: a folder's file should not carry the whole collection's secrets.
        let used = usedVariables
        for variable in variables where used.contains(variable.name) { set(variable.name, variable.value) }
        if let chosen = environments.first(where: { $0.name == environment }) {
            for variable in chosen.variables + chosen.secrets where used.contains(variable.name) { set(variable.name, variable.value) }
        }
        guard !includeSecrets else { return (values, []) }
        var withheld: [String] = []
        for index in values.indices where isSecret(values[index].name) && !values[index].value.isEmpty {
            withheld.append(values[index].name)
            values[index].value = ""
        }
        return (values, withheld)
    }
}

extension ExportedCollection {
    /// The names of the `{{variables}}` the requests read (built-ins left out), in expectations too.
    var usedVariables: Set<String> {
        var names: Set<String> = []
        func collect(_ text: String) -> String {
            _ = TemplateSyntax.rewrite(text) { inner in
                if !inner.hasPrefix("$") { names.insert(inner) }
                return inner
            }
            return text
        }
        for exported in requests {
            _ = exported.request.mappingTemplates(collect)
            for assertion in exported.request.expectations { _ = collect(assertion.text) }
        }
        return names
    }
}

/// One request of an export, as it would be sent: inherited headers and timeout applied, and a
/// relative path written against `{{baseUrl}}`.
public struct ExportedRequest: Sendable {
    /// Its id (`Demo/users/get-user`).
    public var id: String
    /// Its `name:`, else the file name.
    public var name: String
    /// The folders between the export's root and the request, outermost first.
    public var folder: [String]
    /// The request with what it inherits.
    public var request: RequestDefinition

    /// A request of an export.
    public init(id: String, name: String, folder: [String] = [], request: RequestDefinition) {
        self.id = id
        self.name = name
        self.folder = folder
        self.request = request
    }
}

extension ExportedCollection {
    /// The requests of `tree` whose id is `id` or lies below the folder `id`, with the collection's
    /// settings and environments.
    /// - Returns: Nil when `id` names neither a request nor a folder.
    public init?(_ tree: CollectionTree, id: String) {
        let trimmed = id.hasSuffix("/") ? String(id.dropLast()) : id
        let single = tree.request(id: trimmed)
        let ids = single.map { [$0.id] } ?? tree.requestIds.filter { $0.hasPrefix(trimmed + "/") }
        let loaded = ids.compactMap { tree.requests[$0] }
        guard let first = loaded.first else { return nil }
        let rootSettings = first.settings.first ?? CollectionDefinition()
        let prefix = (single == nil ? trimmed : first.id.split(separator: "/").dropLast().joined(separator: "/")) + "/"
        self.init(name: single?.definition.name ?? trimmed.split(separator: "/").last.map(String.init) ?? trimmed,
                  baseUrl: rootSettings.baseUrl, variables: [], environments: [], requests: [])
        var variables: [Field] = []
        for settings in first.settings {
            for variable in settings.variables {
                variables.removeAll { $0.name == variable.name }
                variables.append(variable)
            }
        }
        self.variables = variables
        environments = Self.environments(of: first.collectionRoot)
        requests = loaded.map { request in
            let relative = request.id.hasPrefix(prefix) ? String(request.id.dropFirst(prefix.count)) : request.id
            let name = request.definition.name ?? relative.split(separator: "/").last.map(String.init) ?? relative
            return ExportedRequest(id: request.id, name: name, folder: relative.split(separator: "/").dropLast().map(String.init),
                                   request: Self.effective(request.definition, settings: request.settings, rootBaseUrl: rootSettings.baseUrl))
        }
    }

    /// `definition` with its settings chain's headers (its own win), timeout, and its path joined to the base URL.
    static func effective(_ definition: RequestDefinition, settings: [CollectionDefinition], rootBaseUrl: String?) -> RequestDefinition {
        var request = definition
        var inherited: [Field] = []
        for level in settings {
            for header in level.headers {
                inherited.removeAll { $0.name.lowercased() == header.name.lowercased() }
                inherited.append(header)
            }
        }
        let own = Set(definition.headers.map { $0.name.lowercased() })
        request.headers = inherited.filter { !own.contains($0.name.lowercased()) } + definition.headers
        request.timeout = definition.timeout ?? settings.last { $0.timeout != nil }?.timeout
        request.connection = settings.reduce(ConnectionDefinition()) { $1.connection.layered(over: $0) }
        request.connection = definition.connection.layered(over: request.connection)
        if request.url == nil, let path = definition.path {
            let base = settings.last { $0.baseUrl != nil }?.baseUrl
            let written = base == rootBaseUrl ? base.map { _ in "{{\(baseUrlVariable)}}" } : base
            request.url = written.map { joined($0, path) } ?? path
            request.path = nil
        }
        request.locations = [:]
        return request
    }

    /// `base` and `path` with one slash between them.
    static func joined(_ base: String, _ path: String) -> String {
        guard !path.isEmpty else { return base }
        return (base.hasSuffix("/") ? String(base.dropLast()) : base) + "/" + (path.hasPrefix("/") ? String(path.dropFirst()) : path)
    }

    /// The environments of the collection at `root`, each with its secret file's values apart.
    static func environments(of root: URL) -> [ImportedEnvironment] {
        EnvironmentValues.names(in: root).map { name in
            let loaded = EnvironmentValues.load(name, collectionRoot: root)
            let fields = loaded.values.values.sorted { ($0.location?.line ?? 0, $0.name) < ($1.location?.line ?? 0, $1.name) }
            return ImportedEnvironment(name: name, variables: fields.filter { !loaded.secretNames.contains($0.name) },
                                       secrets: fields.filter { loaded.secretNames.contains($0.name) })
        }
    }
}
