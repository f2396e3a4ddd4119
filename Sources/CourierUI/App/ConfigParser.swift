import CourierCollections
import Yams

/// `config.yaml`: the theme, key bindings, and how large a response body may grow in memory.
///
/// ```yaml
/// theme: solarized-dark
/// spool-above: 8 MB      # larger bodies go to a temporary file; `off` keeps them in memory
/// max-size: 4 GB         # a response body (decompressed) past this stops the transfer
/// history: {keep: 20, max-body: 1 MB, max-file: 200 MB}   # or `history: off`
/// keys:
///   quit: [q, ctrl-q]
///   move-down: [j, down, ctrl-n]
/// ```
public struct Configuration: Sendable, Equatable {
    public var theme: String?
    public var keyMap: KeyMap
    /// Response bodies larger than this many bytes are spooled to a temporary file.
    public var spooling: BodySpooling
    /// The largest response body accepted, decompressed, in bytes; nil leaves it to the app (4 GB).
    public var maximumBodySize: Int?
    /// How much History keeps between sessions.
    public var history: HistoryLimits = .standard

    public init(theme: String? = nil, keyMap: KeyMap = .standard, spooling: BodySpooling = .standard, maximumBodySize: Int? = nil) {
        self.theme = theme
        self.keyMap = keyMap
        self.spooling = spooling
        self.maximumBodySize = maximumBodySize
    }
}

/// Whether large response bodies go to a temporary file instead of memory, and from what size.
public enum BodySpooling: Sendable, Equatable {
    case above(Int)
    /// Every body stays in memory.
    case off

    /// 8 MB: a body that size shows at once and costs 8 MB; past it, memory stays flat.
    public static let standard = BodySpooling.above(8_000_000)

    /// `8 MB`, `512KiB`, `0` (every body), `off`; nil when the text is none of these.
    public static func parse(_ text: String) -> BodySpooling? {
        if ["off", "never", "no", "false"].contains(text.trimmingCharacters(in: .whitespaces).lowercased()) { return .off }
        return ByteCount.parse(text).map(BodySpooling.above)
    }
}

public enum ConfigParser {
    /// Parses a config file; a bad entry is reported and ignored, the rest applies.
    public static func parse(_ text: String, file: String) -> (Configuration, [ConfigProblem]) {
        var configuration = Configuration()
        let list = ProblemList(file: file)
        let report = list.report
        guard let root = list.compose(text, whenMalformed: ", the whole file is ignored") else { return (configuration, list.problems) }
        guard case .mapping(let mapping)? = root else { return (configuration, list.problems) }
        for (key, value) in mapping {
            switch key.scalar?.string {
            case "theme": configuration.theme = value.scalar?.string
            case "spool-above":
                guard let spooling = value.scalar.flatMap({ BodySpooling.parse($0.string) }) else {
                    report(value, "spool-above takes a size such as 8 MB or 512 KiB, or off")
                    continue
                }
                configuration.spooling = spooling
            case "max-size":
                guard let size = value.scalar.flatMap({ ByteCount.parse($0.string) }) else {
                    report(value, "max-size takes a size such as 10MB, 4GB or 1048576")
                    continue
                }
                configuration.maximumBodySize = size
            case "history": configuration.history = HistorySettingParser.parse(value, report: report)
            case "keys":
                guard case .mapping(let keys) = value else {
                    report(value, "keys maps command names to lists of keys")
                    continue
                }
                for (commandNode, keysNode) in keys {
                    let name = commandNode.scalar?.string ?? ""
                    guard let command = Command(rawValue: name) else {
                        let hint = ThemeParser.closest(name, in: Command.allCases.map(\.rawValue)).map { "; did you mean '\($0)'?" } ?? ""
                        report(commandNode, "unknown command '\(name)'\(hint)")
                        continue
                    }
                    let nodes: [Node] = keysNode.sequence.map(Array.init) ?? [keysNode]
                    var parsedKeys: [Key] = []
                    for node in nodes {
                        guard let keyName = node.scalar?.string, let parsed = Key(name: keyName) else {
                            report(node, "'\(node.scalar?.string ?? "")' is not a key; write keys like j, ctrl-s, alt-x, f5, pgdn, enter")
                            continue
                        }
                        parsedKeys.append(parsed)
                    }
                    // Only keys that parsed replace the defaults: a command is never left with none by a typo.
                    if !parsedKeys.isEmpty { configuration.keyMap.rebind(command, to: parsedKeys) }
                }
            default:
                report(key, "unknown setting '\(key.scalar?.string ?? "")'; known: theme, spool-above, max-size, history, keys")
            }
        }
        return (configuration, list.problems)
    }
}
