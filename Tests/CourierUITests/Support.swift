import CourierCollections
import CourierUI
import Foundation

/// A small tree like the shipped Demo collection.
let sampleTree: [TreeNode] = [
    TreeNode(id: "Demo", title: "Demo", children: [
        TreeNode(id: "Demo/users", title: "users", children: [
            TreeNode(id: "Demo/users/list-users", title: "list-users", method: "GET"),
            TreeNode(id: "Demo/users/create-user", title: "create-user", method: "POST"),
            TreeNode(id: "Demo/users/delete-user", title: "delete-user", method: "DELETE"),
        ]),
        TreeNode(id: "Demo/echo", title: "echo 日本語", method: "PUT"),
    ]),
    TreeNode(id: "Public", title: "Public APIs", children: [
        TreeNode(id: "Public/get", title: "get", method: "GET"),
    ]),
]

/// Definitions for the sample tree's requests; create-user has a JSON body and a header.
let sampleDefinitions: [String: RequestDefinition] = {
    var definitions: [String: RequestDefinition] = [:]
    func walk(_ nodes: [TreeNode]) {
        for node in nodes {
            if let method = node.method {
                var definition = RequestDefinition()
                definition.name = node.title
                definition.method = method
                definition.path = node.title
                definitions[node.id] = definition
            }
            walk(node.children)
        }
    }
    walk(sampleTree)
    definitions["Demo/users/create-user"]?.headers = [Field(name: "Accept", value: "application/json")]
    definitions["Demo/users/create-user"]?.body = .json(.object([("name", .string("Ada")), ("admin", .bool(true))]))
    return definitions
}()

/// Types keys into `update`, collecting every effect: the explorer without a terminal.
struct Harness {
    var state: ExplorerState
    var effects: [Effect] = []

    init(width: Int = 80, height: Int = 24, tree: [TreeNode] = sampleTree, problems: [Problem] = []) {
        state = ExplorerState(width: width, height: height, tree: tree, definitions: sampleDefinitions, problems: problems)
    }

    /// A harness with `request` chosen in the palette (which opens it, focus staying in the tree).
    static func opening(_ request: String, width: Int = 80, height: Int = 24) -> Harness {
        var harness = Harness(width: width, height: height)
        harness.press(.character("p"))
        harness.type(request)
        harness.press(.enter)
        return harness
    }

    /// create-user open and sent, `response` arrived, focus on the response pane.
    static func answered(_ response: ResponseSnapshot, width: Int = 100, height: Int = 40) -> Harness {
        var harness = Harness(width: width, height: height)
        harness.press(.character("p"))
        harness.type("create-user")
        harness.press(.enter, .ctrl("r"))
        harness.receive(.finished(id: "Demo/users/create-user", response))
        harness.press(.tab, .tab)
        return harness
    }

    /// Picks `method` for the open request with `m`: an unsaved change.
    mutating func pickMethod(_ method: String) {
        press(.character("m"))
        type(method)
        press(.enter)
    }

    /// Feeds an action from the driver, collecting its effects.
    mutating func receive(_ action: Action) {
        effects += state.update(action)
    }

    mutating func press(_ keys: Key...) {
        for key in keys { effects += state.update(.event(.key(key))) }
    }

    mutating func send(_ event: TerminalEvent) {
        effects += state.update(.event(event))
    }

    mutating func type(_ text: String) {
        for character in text { press(.character(character)) }
    }

    /// The searches asked for so far and not yet run.
    var pendingSearches: [BodySearch] {
        Array(effects.compactMap { if case .search(let job) = $0 { job } else { nil } }.dropFirst(searchesRun))
    }
    private var searchesRun = 0

    /// Runs the pending searches as the driver does, slice by slice, feeding each slice's
    /// results back; `slice` units (bytes) at a time.
    mutating func runSearches(slice: Int = BodySearch.sliceSize) {
        for job in pendingSearches {
            searchesRun += 1
            var start = 0
            repeat {
                let end = min(job.total, start + slice)
                effects += state.update(.searchFound(generation: job.generation, lines: job.lines(in: start..<end),
                                                     scanned: end, finished: end >= job.total))
                start = end
            } while start < job.total
        }
    }

    /// Ids of the requests sent so far.
    var sent: [String] { effects.compactMap { if case .send(let id, _, _) = $0 { id } else { nil } } }

    /// The definitions sent so far.
    var sentDefinitions: [RequestDefinition] { effects.compactMap { if case .send(_, let definition, _) = $0 { definition } else { nil } } }

    /// The definitions saved so far.
    var saved: [RequestDefinition] { effects.compactMap { if case .save(_, let definition) = $0 { definition } else { nil } } }

    var screen: Screen { state.render() }
    func line(_ row: Int) -> String { screen.line(row) }
}

/// The style of the first cell where `text` is drawn (from `row` down), nil when the screen does not show it.
func style(of text: String, in screen: Screen, after row: Int = 0) -> Style? {
    let characters = text.map(String.init)
    for y in row..<screen.height {
        for x in 0..<screen.width where x + characters.count <= screen.width {
            if characters.indices.allSatisfy({ screen[y, x + $0].text == characters[$0] }) { return screen[y, x].style }
        }
    }
    return nil
}

/// The words a screen shows in `columns` (all of them when nil), row after row, box lines left
/// out and runs of spaces made one: for checking that a sentence is drawn whole, wherever it wraps.
func words(of screen: Screen, columns: Range<Int>? = nil) -> String {
    let range = (columns ?? 0..<screen.width).clamped(to: 0..<screen.width)
    let text = (0..<screen.height).map { row in range.map { screen[row, $0].text }.joined() }.joined(separator: " ")
    let unboxed = String(text.map { ("\u{2500}"..."\u{257F}").contains($0) ? " " : $0 })
    return unboxed.split(separator: " ").joined(separator: " ")
}

/// The columns of the focused pane: from its left border (`┃`) on the first row holding `marker`, to the edge.
func focusedPaneColumns(of screen: Screen, rowWith marker: String) -> Range<Int> {
    let row = (0..<screen.height).map(screen.line).first { $0.contains(marker) } ?? ""
    let start = row.firstIndex(of: "┃").map { DisplayWidth.of(row[..<$0]) } ?? 0
    return start..<screen.width
}
