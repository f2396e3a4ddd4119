import CourierCollections
import CourierUI
import Foundation

/// The collections as the explorer's model takes them: tree nodes, the definitions of readable
/// requests, every problem with the request it belongs to, and each collection's environments.
struct TreeView {
    let nodes: [TreeNode]
    let definitions: [String: RequestDefinition]
    let problems: [Problem]
    let environments: [String: [String]]

    init(_ tree: CollectionTree) {
        nodes = Self.nodes(tree.entries, tree)
        definitions = tree.requests.filter { Self.isReadable($0.value) }.mapValues(\.definition)
        var problems: [Problem] = []
        var owned = Set<Diagnostic>()
        for id in tree.requestIds {
            guard let request = tree.request(id: id) else { continue }
            for diagnostic in request.problems where owned.insert(diagnostic).inserted {
                problems.append(Problem(requestId: id, diagnostic: diagnostic))
            }
        }
        // collection.yaml and environment files: problems with no request of their own.
        let root = tree.directory.standardizedFileURL.path + "/"
        problems += tree.diagnostics.filter { !owned.contains($0) }.map { diagnostic in
            // Display paths are relative to the working directory; the folders are below the collections.
            let absolute = diagnostic.file.hasPrefix("/") ? diagnostic.file
                : FileManager.default.currentDirectoryPath + "/" + diagnostic.file
            let path = absolute.hasPrefix(root) ? String(absolute.dropFirst(root.count)) : nil
            return Problem(requestId: nil, diagnostic: diagnostic, path: path)
        }
        self.problems = problems
        var environments: [String: [String]] = [:]
        for case .folder(let folder) in tree.entries {
            environments[folder.id] = EnvironmentValues.names(in: tree.directory.appendingPathComponent(folder.id))
        }
        self.environments = environments
    }

    /// The problems of one request.
    func problems(of id: String) -> [Problem] { problems.filter { $0.requestId == id } }

    /// Whether the request's file read as a request at all: a file that is not YAML, not UTF-8
    /// or not a mapping loads with no key in place and opens read-only to show its problems.
    static func isReadable(_ request: LoadedRequest) -> Bool {
        !(request.hasErrors && request.definition.locations.isEmpty)
    }

    private static func nodes(_ entries: [TreeEntry], _ tree: CollectionTree) -> [TreeNode] {
        entries.map { entry in
            switch entry {
            case .folder(let folder):
                return TreeNode(id: folder.id, title: folder.name, children: nodes(folder.children, tree))
            case .request(let request):
                if let loaded = tree.request(id: request.id), !isReadable(loaded) { return .unreadable(id: request.id, title: request.name) }
                return TreeNode(id: request.id, title: request.name, method: request.method)
            }
        }
    }
}
