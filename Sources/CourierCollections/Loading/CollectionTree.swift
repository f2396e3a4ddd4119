import Foundation

/// An entry of the collections tree, as `courier list` and the explorer show it.
public indirect enum TreeEntry: Sendable {
    case folder(FolderEntry)
    case request(RequestEntry)

    /// The folder or file name shown in the tree.
    public var name: String {
        switch self {
        case .folder(let folder): return folder.name
        case .request(let request): return request.name
        }
    }
}

/// A folder: a collection at the top level, a sub-collection below it.
public struct FolderEntry: Sendable {
    /// The folder name.
    public let name: String
    /// The path below the collections directory (`Demo/users`).
    public let id: String
    /// Its entries in tree order (the folder's `order:` first).
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
    /// The request file.
    public let file: URL
    /// The file as messages show it (relative to the working directory when inside it).
    public let displayPath: String
    /// What the file says (whatever could be read, for a file with errors).
    public var definition: RequestDefinition
    /// The `collection.yaml` settings from the top-level collection down to the request's folder.
    public let settings: [CollectionDefinition]
    /// The top-level collection folder, where `environments/` lives.
    public let collectionRoot: URL
    /// The file's text as read; a lossless save edits it.
    public let text: String
    /// The hash of the bytes read: a save writes only over this version.
    public let contentHash: ContentHash
    /// The file's own problems (errors and warnings); they are in the tree's diagnostics too.
    public let problems: [Diagnostic]
    /// The errors of the `collection.yaml` files in `settings`' chain (the request's folder and
    /// the folders above it, up to the collection): a broken `collection.yaml` would send the
    /// request without its settings, so these stop it too. In the tree's diagnostics as well.
    public let inheritedProblems: [Diagnostic]

    /// The errors that stop the request from being sent: the file's own, then its settings chain's.
    public var blockingErrors: [Diagnostic] { problems.filter { $0.severity == .error } + inheritedProblems }

    /// Whether an error of the file or of its settings chain stops the request (explorer, `run`, `test`).
    public var hasErrors: Bool { !blockingErrors.isEmpty }
}

/// Everything under a collections directory, with every problem found on the way.
public struct CollectionTree: Sendable {
    /// The collections directory.
    public let directory: URL
    /// The top-level collections and what is in them.
    public let entries: [TreeEntry]
    /// Every request by id, files with errors included.
    public let requests: [String: LoadedRequest]
    /// Every problem of every file: requests, `collection.yaml` and environments.
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

    /// The error-level diagnostics.
    public var errors: [Diagnostic] { diagnostics.filter { $0.severity == .error } }

    /// The request with `id`, or nil; ids are matched exactly, then without a `.yaml` suffix.
    public func request(id: String) -> LoadedRequest? {
        requests[id] ?? requests[id.replacingOccurrences(of: ".yaml", with: "").replacingOccurrences(of: ".yml", with: "")]
    }
}
