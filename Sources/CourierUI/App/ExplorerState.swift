/// A node of the collections tree as the UI shows it.
public struct TreeNode: Sendable, Equatable {
    public var id: String
    public var title: String
    /// The method badge of a request; nil for folders.
    public var method: String?
    public var children: [TreeNode]
    /// Folders hold children; a request whose file could not be read has no method.
    public var isFolder: Bool

    /// A folder when `method` is nil, unless `isFolder` says otherwise (an unreadable request).
    public init(id: String, title: String, method: String? = nil, children: [TreeNode] = [], isFolder: Bool? = nil) {
        self.id = id
        self.title = title
        self.method = method
        self.children = children
        self.isFolder = isFolder ?? (method == nil)
    }

    /// A request whose file could not be read: it has a row, and opens to show its problems.
    public static func unreadable(id: String, title: String) -> TreeNode {
        TreeNode(id: id, title: title, isFolder: false)
    }
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
    /// What the request pane shows: the open request, or the problems of one that cannot be read.
    public var requestPane: RequestPaneContent = .empty
    /// The open request, being edited; nil when none is open or its file cannot be read.
    public var editor: RequestEditor? {
        get { if case .editor(let editor) = requestPane { editor } else { nil } }
        set { requestPane = newValue.map(RequestPaneContent.editor) ?? .empty }
    }
    /// The id of the request the request pane shows, readable or not.
    public var openRequest: String? {
        switch requestPane {
        case .empty: return nil
        case .editor(let editor): return editor.id
        case .unreadable(let id): return id
        }
    }
    /// Every problem the loader found in the collections, as the driver reported them.
    public var problems: [Problem] = []
    public var response = ResponsePane()
    /// The id of the request in flight.
    public var sending: String?
    /// The last responses per request, newest last.
    public var history: [String: [ResponseSnapshot]] = [:]
    public static let historyLimit = 50
    /// Bytes of bodies (with their line indexes) kept besides the response in view when History
    /// cannot read them back (it is off, or did not keep them); older bodies past it are let go
    /// (`ResponseSnapshot.releasingBody()`), so a session of 100 MB responses stays bounded. Those
    /// History keeps have a smaller budget, `readBackBudget`.
    public static let historyBodyBudget = 200_000_000
    /// Why History (kept between sessions) cannot be used; the explorer goes on without it.
    public var historyProblem: String?
    /// The selected environment, and those the open request's collection has.
    public var environment: String?
    public var environments: [String] = []
    /// Environment names by top-level collection, as the driver found them.
    public var collectionEnvironments: [String: [String]] = [:]
    /// The open variables editor.
    public var variablesEditor: VariablesEditor?
    /// The Cookies view, when open.
    public var cookiesView: CookiesView?
    /// The variables captured in the open request's collection and environment, as last previewed.
    public var captured: [CapturedEntry] = []
    /// Unsaved edits journaled by an earlier session, by request id, until their request opens.
    public var waitingDrafts: [String: RestoredDraft] = [:]
    /// The results of the folder run, while they are on screen.
    public var testRun: TestRunView?
    /// The dialog or difference on top of everything.
    public var modal: Modal?
    /// The open question, or the one behind the difference overlay.
    public var dialog: Dialog? {
        switch modal {
        case .question(let dialog, _)?, .difference(_, let dialog, _)?: return dialog
        case .message?, .comparison?, nil: return nil
        }
    }
    public var palettePurpose: PalettePurpose = .request
    public var prompt: Prompt?
    /// What to do after a save that a dialog asked for succeeds.
    public var afterSave: PendingIntent?
    public var status: String = ""
    /// Every status message of the session, for the message log (`L`).
    public var messages = MessageLog()
    /// The wall-clock time as the runtime last set it (`14:03:27`), for stamping messages:
    /// `update` reads no clock itself.
    public var clock = ""
    /// How `y` reaches the clipboard here, and how much that carries.
    public var clipboard = ClipboardRoute.unlimited
    /// The condition the status message is about, if it is about one; the message goes with it.
    var statusCause: StatusCause?
    /// Whether the action being applied set `statusCause` itself.
    var statusCauseSetNow = false
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

    /// The explorer over `tree`, with the definitions of its readable requests and the loader's problems.
    public init(width: Int, height: Int, tree: [TreeNode], definitions: [String: RequestDefinition] = [:], problems: [Problem] = [],
                keyMap: KeyMap = .standard) {
        self.width = width
        self.height = height
        self.tree = tree
        self.definitions = definitions
        self.problems = problems
        self.keyMap = keyMap
        if !problems.isEmpty { status = Self.problemCount(problems, keyMap: keyMap) }
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
            node.isFolder ? node.children.contains(where: matches) : matchesFilter(node, query)
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

    /// The node of the selected row, if any.
    public var selectedNode: TreeNode? { rows.indices.contains(selection) ? rows[selection].node : nil }

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

/// What the request pane shows.
public enum RequestPaneContent: Sendable, Equatable {
    /// No request yet: a hint says how to choose one.
    case empty
    /// A request opened for editing.
    case editor(RequestEditor)
    /// A request whose file could not be read: its problems, read-only, until the file is fixed.
    case unreadable(id: String)
}
