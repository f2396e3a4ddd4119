/// What a key does. The key map is data, so users can rebind keys and help lists them. A command
/// means the same thing in every pane, applied to what that pane shows.
public enum Command: String, Sendable, CaseIterable {
    case moveUp = "move-up"
    case moveDown = "move-down"
    case pageUp = "page-up"
    case pageDown = "page-down"
    case top, bottom
    case open
    case collapse
    case nextPane = "next-pane"
    case previousPane = "previous-pane"
    case nextTab = "next-tab"
    case previousTab = "previous-tab"
    case send, cancel, save
    case saveAll = "save-all"
    case edit
    case editExternal = "edit-external"
    case add, remove, toggle
    case duplicate, rename, move
    case method
    case bodyKind = "body-kind"
    case chooseFile = "choose-file"
    case format
    case showVariables = "show-variables"
    case environment
    case variables
    case raw, fold
    case unfoldAll = "unfold-all"
    case wrap
    case nextMatch = "next-match"
    case previousMatch = "previous-match"
    case copyPath = "copy-path"
    case useAsConverter = "use-as-converter"
    case expectExists = "expect-exists"
    case expectEqual = "expect-equal"
    case capture
    case runTests = "run-tests"
    case palette
    case problems
    case messages
    case filter
    case copy
    case copyWithSecrets = "copy-with-secrets"
    case saveBody = "save-body"
    case history
    case cookies
    case narrower, wider, shorter, taller
    case suspend
    case help
    case quit

    /// One line for the help overlay.
    public var summary: String {
        switch self {
        case .moveUp: return "move up"
        case .moveDown: return "move down"
        case .pageUp: return "page up"
        case .pageDown: return "page down"
        case .top: return "first item"
        case .bottom: return "last item"
        case .open: return "open a request, expand a folder · edit · fold"
        case .collapse: return "collapse a folder · scroll the body left"
        case .nextPane: return "next pane"
        case .previousPane: return "previous pane"
        case .nextTab: return "next tab"
        case .previousTab: return "previous tab"
        case .send: return "send the selected or open request"
        case .cancel: return "cancel a request, stream or search · leave a field"
        case .save: return "save the open request"
        case .saveAll: return "save every request with unsaved edits (●)"
        case .edit: return "edit a field or the body · open a request"
        case .editExternal: return "edit the body in $EDITOR"
        case .add: return "new request · new row in a list"
        case .remove: return "delete the request (asks) or a row · History: diff"
        case .toggle: return "switch a row on/off, change a kind · History: mark"
        case .duplicate: return "duplicate the selected request"
        case .rename: return "rename the selected request"
        case .move: return "move the selected request to another folder"
        case .method: return "pick the request's method, or type any (PURGE, PROPFIND)"
        case .bodyKind: return "change the body kind (json, text, form, …)"
        case .chooseFile: return "choose a file for a multipart part or a file body; type a folder/ to browse (../, /, ~/)"
        case .format: return "format the JSON body"
        case .showVariables: return "show the URL with variables filled in"
        case .environment: return "switch the environment"
        case .variables: return "edit the environment's variables (secrets masked)"
        case .raw: return "raw or pretty body · History: send it again"
        case .fold: return "fold or unfold the object or array"
        case .unfoldAll: return "unfold everything"
        case .wrap: return "wrap long lines of the body, or scroll them sideways"
        case .nextMatch: return "next search match"
        case .previousMatch: return "previous search match"
        case .copyPath: return "copy the key path under the cursor"
        case .useAsConverter: return "use the key path as the request's converter"
        case .expectExists: return "expect the key path under the cursor to exist (an expect: line)"
        case .expectEqual: return "expect the key path under the cursor to equal its value now"
        case .capture: return "capture the key path under the cursor into a variable"
        case .runTests: return "run the selected folder's requests as tests (esc cancels)"
        case .palette: return "go to a request (id or title) · > runs a command · ! problems · test FOLDER · import FORMAT · messages"
        case .problems: return "list every problem in the collection files; ⏎ goes to its request"
        case .messages: return "show the message log: every status message of this session, whole"
        case .filter: return "filter the collections by id or title · search the body"
        case .copy: return "copy the id, the body, the cURL command (secrets masked) or the preview"
        case .copyWithSecrets: return "copy the cURL command with its secrets"
        case .saveBody: return "save the response body to a file"
        case .history: return "History: this request's past responses"
        case .cookies: return "the cookie jar, values masked: inspect, delete, clear"
        case .narrower: return "narrow the collections pane"
        case .wider: return "widen the collections pane"
        case .shorter: return "shrink the request pane"
        case .taller: return "grow the request pane"
        case .suspend: return "suspend to the shell (outside fields and the body editor)"
        case .help: return "show every key"
        case .quit: return "quit (asks when there are unsaved changes)"
        }
    }
}

/// Keys to commands: arrows and vim keys by default.
public struct KeyMap: Sendable, Equatable {
    public private(set) var bindings: [Key: Command]

    public static let standard = KeyMap(bindings: [
        .up: .moveUp, .character("k"): .moveUp, .down: .moveDown, .character("j"): .moveDown,
        .pageUp: .pageUp, .ctrl("b"): .pageUp, .pageDown: .pageDown, .ctrl("f"): .pageDown,
        .home: .top, .character("g"): .top, .end: .bottom, .character("G"): .bottom,
        .enter: .open, .right: .open, .character("l"): .open, .left: .collapse, .character("h"): .collapse,
        .tab: .nextPane, .backTab: .previousPane, .character("]"): .nextTab, .character("["): .previousTab,
        .ctrl("r"): .send, .escape: .cancel, .ctrl("s"): .save, .character("S"): .saveAll,
        .character("e"): .edit, .character("E"): .editExternal,
        .character("a"): .add, .character("d"): .remove, .character(" "): .toggle,
        .character("D"): .duplicate, .character("R"): .rename, .character("M"): .move,
        .character("m"): .method, .character("b"): .bodyKind, .character("o"): .chooseFile, .character("f"): .format, .character("V"): .showVariables,
        .character("v"): .environment, .ctrl("e"): .variables, .character("r"): .raw, .character("z"): .fold, .character("Z"): .unfoldAll, .character("w"): .wrap,
        .character("n"): .nextMatch, .character("N"): .previousMatch, .character("c"): .copyPath, .character("C"): .useAsConverter,
        .character("x"): .expectExists, .character("="): .expectEqual, .character("K"): .capture, .character("T"): .runTests,
        .character("?"): .help, .character("q"): .quit, .ctrl("c"): .quit,
        .character("p"): .palette, .ctrl("p"): .palette, .character("!"): .problems, .character("L"): .messages, .character("/"): .filter, .character("y"): .copy,
        .character("Y"): .copyWithSecrets, .character("s"): .saveBody, .character("H"): .history, .character("J"): .cookies,
        .character("<"): .narrower, .character(">"): .wider, .character("-"): .shorter, .character("+"): .taller,
        .ctrl("z"): .suspend,
    ])

    public init(bindings: [Key: Command]) { self.bindings = bindings }

    public func command(for key: Key) -> Command? { bindings[key] }

    /// Binds `key` to `command`, replacing what it did before.
    public mutating func bind(_ key: Key, to command: Command) { bindings[key] = command }

    /// Binds exactly `keys` to `command`: the keys it had before are let go, so a rebinding in
    /// `config.yaml` replaces the defaults, and hints and help show only the new keys.
    public mutating func rebind(_ command: Command, to keys: [Key]) {
        bindings = bindings.filter { $0.value != command }
        for key in keys { bindings[key] = command }
    }

    /// The first key bound to `command`, for hints: `ctrl-r`.
    public func key(for command: Command) -> String {
        bindings.filter { $0.value == command }.map(\.key.description).sorted { ($0.count, $0) < ($1.count, $1) }.first ?? "unbound"
    }

    /// The key that opens a request, for sentences: `⏎` while Enter does, else the first one bound.
    public var openKey: String { bindings[.enter] == .open ? "⏎" : key(for: .open) }

    /// The keys of every command, for the help overlay: `move-up  k, up`; then the keys of fields
    /// and the body editor, which are not commands and cannot be rebound.
    public var helpLines: [(keys: String, summary: String)] {
        Command.allCases.compactMap { command in
            let keys = bindings.filter { $0.value == command }.map(\.key.description).sorted { ($0.count, $0) < ($1.count, $1) }
            return keys.isEmpty ? nil : (keys.joined(separator: ", "), command.summary)
        } + Self.editingHelp
    }

    /// Keys inside a field or the body editor. There ctrl-z undoes and never suspends.
    public static let editingHelp: [(keys: String, summary: String)] = [
        ("", "in a field or the body editor:"),
        ("ctrl-z", "undo"),
        ("ctrl-y", "redo"),
        ("ctrl-a", "select all (body) · line start (field)"),
        ("shift-arrows", "select (body)"),
        ("home, end", "line start, line end"),
        ("ctrl-w, ctrl-u", "delete a word, to the line start (field)"),
        ("enter, esc", "done (enter: new line in the body)"),
        ("tab", "take the suggestion listed under a field: header names, {{variables}} (up, down choose, then enter takes it too; esc closes it)"),
    ]
}
