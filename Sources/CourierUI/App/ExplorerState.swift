/// A node of the collections tree as the UI shows it.
public struct TreeNode: Sendable, Equatable {
    public var id: String
    public var title: String
    /// The method badge of a request; nil for folders.
    public var method: String?
    public var children: [TreeNode]

    public init(id: String, title: String, method: String? = nil, children: [TreeNode] = []) {
        self.id = id
        self.title = title
        self.method = method
        self.children = children
    }

    public var isFolder: Bool { method == nil }
}

/// The panes focus moves between.
public enum Pane: Int, Sendable, CaseIterable {
    case collections, request, response
}

/// Everything the explorer shows; `update` changes it, `render` draws it.
public struct ExplorerState: Sendable, Equatable {
    public var width: Int
    public var height: Int
    public var tree: [TreeNode]
    /// Ids of expanded folders.
    public var expanded: Set<String>
    public var selection = 0
    public var scroll = 0
    public var focus: Pane = .collections
    public var showingHelp = false
    /// The request opened last (Enter on a request).
    public var openRequest: String?
    public var status: String = ""
    public var keyMap: KeyMap

    /// The smallest terminal the layout works in.
    public static let minimumWidth = 40
    public static let minimumHeight = 10

    public init(width: Int, height: Int, tree: [TreeNode], keyMap: KeyMap = .standard) {
        self.width = width
        self.height = height
        self.tree = tree
        self.keyMap = keyMap
        // Top-level collections start expanded so the first screen shows requests.
        expanded = Set(tree.filter(\.isFolder).map(\.id))
    }

    /// One visible row of the tree.
    public struct Row: Sendable, Equatable {
        public let node: TreeNode
        public let depth: Int
    }

    /// The rows the tree shows, folders expanded or not.
    public var rows: [Row] {
        var rows: [Row] = []
        func walk(_ nodes: [TreeNode], depth: Int) {
            for node in nodes {
                rows.append(Row(node: node, depth: depth))
                if node.isFolder && expanded.contains(node.id) { walk(node.children, depth: depth + 1) }
            }
        }
        walk(tree, depth: 0)
        return rows
    }

    public var isTooSmall: Bool { width < Self.minimumWidth || height < Self.minimumHeight }
}
