import Foundation

/// An entry of the collections tree, as `courier list` and the explorer show it.
public indirect enum TreeEntry: Sendable {
    case folder(FolderEntry)
    case request(RequestEntry)

    public var name: String {
        switch self {
        case .folder(let folder): return folder.name
        case .request(let request): return request.name
        }
    }
}

/// A folder: a collection at the top level, a sub-collection below it.
public struct FolderEntry: Sendable {
    public let name: String
    public let id: String
    public let children: [TreeEntry]
}

/// A request file in the tree.
public struct RequestEntry: Sendable {
    /// The file name without extension.
    public let name: String
    /// The id (`Demo/users/get-user`).
    public let id: String
    /// The method as read, or `?` when a file with errors did not say for certain.
    public let method: String
    /// The file's problems, errors and warnings, with file:line:column.
    public let problems: [Diagnostic]

    /// Whether a problem of the file is an error: the request is marked and never sent.
    public var hasErrors: Bool { problems.contains { $0.severity == .error } }
}

/// A request file loaded with everything needed to run it.
public struct LoadedRequest: Sendable {
    /// `Demo/users/list-users`: the path below the collections directory without the extension.
    public let id: String
    public let file: URL
    /// The file as messages show it (relative to the working directory when inside it).
    public let displayPath: String
    public var definition: RequestDefinition
    /// The `collection.yaml` settings from the top-level collection down to the request's folder.
    public let settings: [CollectionDefinition]
    /// The top-level collection folder, where `environments/` lives.
    public let collectionRoot: URL
    /// The file's text as read; a lossless save edits it.
    public let text: String
    /// The hash of the bytes read: a save writes only over this version.
    public let contentHash: ContentHash
    /// The file's problems (errors and warnings); they are in the tree's diagnostics too.
    public let problems: [Diagnostic]

    /// Whether a problem is an error: the request is not sent (explorer, `run`, `test`).
    public var hasErrors: Bool { problems.contains { $0.severity == .error } }
}

/// Everything under a collections directory, with every problem found on the way.
public struct CollectionTree: Sendable {
    public let directory: URL
    public let entries: [TreeEntry]
    public let requests: [String: LoadedRequest]
    public let diagnostics: [Diagnostic]

    /// Request ids in tree order.
    public var requestIds: [String] {
        func walk(_ entries: [TreeEntry]) -> [String] {
            entries.flatMap { entry -> [String] in
                switch entry {
                case .folder(let folder): return walk(folder.children)
                case .request(let request): return [request.id]
                }
            }
        }
        return walk(entries)
    }

    public var errors: [Diagnostic] { diagnostics.filter { $0.severity == .error } }

    /// The request with `id`, or nil; ids are matched exactly, then without a `.yaml` suffix.
    public func request(id: String) -> LoadedRequest? {
        requests[id] ?? requests[id.replacingOccurrences(of: ".yaml", with: "").replacingOccurrences(of: ".yml", with: "")]
    }
}
