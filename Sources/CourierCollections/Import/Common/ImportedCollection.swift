/// Something of the input that has no place in the imported files, with the reason: every
/// importer lists these, so nothing is dropped silently.
public struct UnmappedItem: Sendable, Equatable, CustomStringConvertible {
    /// The input file.
    public var file: String
    /// What was not mapped: a request's name, an auth kind, a script line.
    public var item: String
    /// Why.
    public var reason: String

    /// An item of `file` that could not be mapped, and why.
    public init(file: String, item: String, reason: String) {
        self.file = file
        self.item = item
        self.reason = reason
    }

    /// `file: item: reason`.
    public var description: String { "\(file): \(item): \(reason)" }
}

/// One request an importer made, placed in a folder below the import's destination.
public struct ImportedRequest: Sendable {
    /// The names of the folders it sits in, outermost first (as the source names them).
    public var folder: [String]
    /// Its name, the file's `name:`.
    public var name: String
    /// What the file name is made from when not the name (an OpenAPI operationId).
    public var fileName: String?
    /// A key other requests' `requires` use to refer to it (unique within one import).
    public var key: String
    /// The request file's content.
    public var request: RequestDefinition
    /// Keys of requests to run first; the writer turns them into ids.
    public var requiresKeys: [String]
    /// Lines written as `# …` comments above the request (descriptions, scripts not converted).
    public var comments: [String]
    /// The input file it came from, for messages.
    public var source = ""
    /// Headers and query parameters that carry an auth kind's credential (an API key) whatever
    /// their names, so the secret rule moves their values too.
    public var credentialFields: Set<String> = []

    /// A request in `folder`; `key` defaults to its folder path and name.
    public init(folder: [String] = [], name: String, fileName: String? = nil, key: String? = nil, request: RequestDefinition,
                requiresKeys: [String] = [], comments: [String] = []) {
        self.folder = folder
        self.name = name
        self.fileName = fileName
        self.key = key ?? (folder + [name]).joined(separator: "/")
        self.request = request
        self.requiresKeys = requiresKeys
        self.comments = comments
    }
}

/// Settings of a folder of the import (its `collection.yaml`).
public struct ImportedFolder: Sendable {
    /// The folder's names, outermost first.
    public var path: [String]
    /// Its settings: variables, headers, a base URL.
    public var settings: CollectionDefinition
    /// Written as `# …` comments at the top of its `collection.yaml` (a description).
    public var comments: [String]

    /// The settings of the folder at `path`.
    public init(path: [String], settings: CollectionDefinition = CollectionDefinition(), comments: [String] = []) {
        self.path = path
        self.settings = settings
        self.comments = comments
    }
}

/// An environment of the import: plain variables and the secret ones (`NAME.secret.yaml`).
public struct ImportedEnvironment: Sendable, Equatable {
    /// The environment's name: its files are `environments/NAME.yaml` and `NAME.secret.yaml`.
    public var name: String
    /// The variables of `NAME.yaml`.
    public var variables: [Field]
    /// The variables of `NAME.secret.yaml`.
    public var secrets: [Field]

    /// An environment with these variables.
    public init(name: String, variables: [Field] = [], secrets: [Field] = []) {
        self.name = name
        self.variables = variables
        self.secrets = secrets
    }

    /// Adds a variable, into the secret file when its name is a credential's (DESIGN's secret rule).
    public mutating func add(_ name: String, _ value: String, secret: Bool = false) {
        let field = Field(name: name, value: value)
        if secret || CaptureDefinition.isCredentialLike(name) {
            secrets.removeAll { $0.name == name }
            secrets.append(field)
        } else {
            variables.removeAll { $0.name == name }
            variables.append(field)
        }
    }
}

/// What an importer read from its input, before anything is written: pure data, so each parser
/// is a function of the input's bytes and tests check it with no files.
public struct ImportedCollection: Sendable {
    /// Settings of the destination folder (`collection.yaml`): name, base URL, variables.
    public var settings = CollectionDefinition()
    /// Comments above the destination's `collection.yaml` (the source's description).
    public var comments: [String] = []
    /// Settings of sub-folders; folders without an entry get one only when they need an `order:`.
    public var folders: [ImportedFolder] = []
    /// The requests, in the source's order.
    public var requests: [ImportedRequest] = []
    /// Environments for the collection's `environments/`.
    public var environments: [ImportedEnvironment] = []
    /// Everything that could not be mapped.
    public var unmapped: [UnmappedItem] = []
    /// What the user should know that is not a loss (entries filtered out on request).
    public var notes: [String] = []
    /// The environment that receives literal credentials when the import brings no environment.
    public var secretEnvironment = "imported"

    /// An empty import.
    public init() {}

    /// Records an item that could not be mapped.
    mutating func skip(_ file: String, _ item: String, _ reason: String) {
        unmapped.append(UnmappedItem(file: file, item: item, reason: reason))
    }

    /// The environment called `name`, made when missing.
    mutating func environment(_ name: String, _ change: (inout ImportedEnvironment) -> Void) {
        if let index = environments.firstIndex(where: { $0.name == name }) {
            change(&environments[index])
        } else {
            var environment = ImportedEnvironment(name: name)
            change(&environment)
            environments.append(environment)
        }
    }
}

/// Why an input cannot be imported at all (exit 2): it is not readable as the format says.
public struct ImportError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The sentence, naming the file and where in it.
    public let description: String

    /// The error with its sentence.
    public init(_ description: String) { self.description = description }
}
