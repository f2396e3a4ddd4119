import Yams

/// `config.yaml`: the theme and key bindings.
///
/// ```yaml
/// theme: solarized-dark
/// keys:
///   quit: [q, ctrl-q]
///   move-down: [j, down, ctrl-n]
/// ```
public struct Configuration: Sendable, Equatable {
    public var theme: String?
    public var keyMap: KeyMap

    public init(theme: String? = nil, keyMap: KeyMap = .standard) {
        self.theme = theme
        self.keyMap = keyMap
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
                    for node in nodes {
                        guard let keyName = node.scalar?.string, let parsed = Key(name: keyName) else {
                            report(node, "'\(node.scalar?.string ?? "")' is not a key; write keys like j, ctrl-s, alt-x, f5, pgdn, enter")
                            continue
                        }
                        configuration.keyMap.bind(parsed, to: command)
                    }
                }
            default:
                report(key, "unknown setting '\(key.scalar?.string ?? "")'; known: theme, keys")
            }
        }
        return (configuration, list.problems)
    }
}
