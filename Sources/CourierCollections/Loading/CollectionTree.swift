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
    public let name: String
    public let id: String
    public let method: String
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
