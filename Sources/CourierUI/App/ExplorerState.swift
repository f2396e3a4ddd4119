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

import CourierCollections

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
    public var helpScroll = 0
    /// The request definitions by id, as loaded.
    public var definitions: [String: RequestDefinition]
    /// The open request, being edited.
    public var editor: RequestEditor?
    public var openRequest: String? { editor?.id }
    public var response = ResponsePane()
    /// The id of the request in flight.
    public var sending: String?
    /// The last responses per request, newest last.
    public var history: [String: [ResponseSnapshot]] = [:]
    public static let historyLimit = 50
    /// Bytes of bodies history keeps besides the newest response; older bodies past it are let
    /// go (`ResponseSnapshot.releasingBody()`), so a session of 100 MB responses stays bounded.
    public static let historyBodyBudget = 200_000_000
    /// The selected environment, and those the open request's collection has.
    public var environment: String?
    public var environments: [String] = []
    /// Environment names by top-level collection, as the driver found them.
    public var collectionEnvironments: [String: [String]] = [:]
    /// The open variables editor.
    public var variablesEditor: VariablesEditor?
    public var dialog: Dialog?
    public var dialogPurpose: DialogPurpose?
    public var palettePurpose: PalettePurpose = .request
    public var prompt: Prompt?
    /// What to do after a save that a dialog asked for succeeds.
    public var afterSave: PendingIntent?
    public var status: String = ""
    public var keyMap: KeyMap
    /// The open "go to request" palette.
    public var palette: Palette?
    /// The filter typed after `/`; nil when not filtering.
    public var filter: TextField?
    /// Share of the width for the collections pane, and of the right side for the request pane.
    public var collectionsRatio = 0.3
    public var requestRatio = 0.4

    /// The smallest terminal the layout works in.
    public static let minimumWidth = 40
    public static let minimumHeight = 10

    public init(width: Int, height: Int, tree: [TreeNode], definitions: [String: RequestDefinition] = [:], keyMap: KeyMap = .standard) {
        self.width = width
        self.height = height
        self.tree = tree
        self.definitions = definitions
        self.keyMap = keyMap
        // Top-level collections start expanded so the first screen shows requests.
        expanded = Set(tree.filter(\.isFolder).map(\.id))
    }

    /// One visible row of the tree.
    public struct Row: Sendable, Equatable {
        public let node: TreeNode
        public let depth: Int
    }

    /// The rows the tree shows: folders as expanded, or while filtering every folder that holds a match.
    public var rows: [Row] {
        let query = filter?.text ?? ""
        var rows: [Row] = []
        func matches(_ node: TreeNode) -> Bool {
            node.isFolder ? node.children.contains(where: matches) : FuzzyMatch.score(query, node.id) != nil
        }
        func walk(_ nodes: [TreeNode], depth: Int) {
            for node in nodes where query.isEmpty || matches(node) {
                rows.append(Row(node: node, depth: depth))
                if node.isFolder && (!query.isEmpty || expanded.contains(node.id)) { walk(node.children, depth: depth + 1) }
            }
        }
        walk(tree, depth: 0)
        return rows
    }

    /// Every request id in tree order, for the palette.
    public var requestIds: [String] {
        func walk(_ nodes: [TreeNode]) -> [String] { nodes.flatMap { $0.isFolder ? walk($0.children) : [$0.id] } }
        return walk(tree)
    }

    /// Every folder id in tree order, for moving requests.
    public var folderIds: [String] {
        func walk(_ nodes: [TreeNode]) -> [String] { nodes.flatMap { $0.isFolder ? [$0.id] + walk($0.children) : [] } }
        return walk(tree)
    }

    /// Whether typed keys go to a text field somewhere.
    var isTyping: Bool {
        filter != nil || editor?.isTyping == true || response.isTyping || prompt != nil || variablesEditor?.edit != nil
    }

    public var isTooSmall: Bool { width < Self.minimumWidth || height < Self.minimumHeight }
}
