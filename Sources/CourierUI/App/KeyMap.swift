/// What a key does. The key map is data, so users can rebind keys and help lists them.
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
    case palette
    case filter
    case copy
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
        case .open: return "open a request, expand or collapse a folder"
        case .collapse: return "collapse the folder"
        case .nextPane: return "next pane"
        case .previousPane: return "previous pane"
        case .palette: return "go to a request by name"
        case .filter: return "filter the collections as you type"
        case .copy: return "copy the selected request's id"
        case .narrower: return "narrow the collections pane"
        case .wider: return "widen the collections pane"
        case .shorter: return "shrink the request pane"
        case .taller: return "grow the request pane"
        case .suspend: return "suspend to the shell"
        case .help: return "show every key"
        case .quit: return "quit"
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
        .tab: .nextPane, .backTab: .previousPane, .character("?"): .help, .character("q"): .quit, .ctrl("c"): .quit,
        .character("p"): .palette, .ctrl("p"): .palette, .character("/"): .filter, .character("y"): .copy,
        .character("<"): .narrower, .character(">"): .wider, .character("-"): .shorter, .character("+"): .taller,
        .ctrl("z"): .suspend,
    ])

    public init(bindings: [Key: Command]) { self.bindings = bindings }

    public func command(for key: Key) -> Command? { bindings[key] }

    /// Binds `key` to `command`, replacing what it did before.
    public mutating func bind(_ key: Key, to command: Command) { bindings[key] = command }

    /// The keys of every command, for the help overlay: `move-up  k, up`.
    public var helpLines: [(keys: String, summary: String)] {
        Command.allCases.compactMap { command in
            let keys = bindings.filter { $0.value == command }.map(\.key.description).sorted { ($0.count, $0) < ($1.count, $1) }
            return keys.isEmpty ? nil : (keys.joined(separator: ", "), command.summary)
        }
    }
}
