import Courier
import CourierCollections
import CourierUI
import Foundation

/// The explorer's theme, key map and body spooling, from `$XDG_CONFIG_HOME/courier/config.yaml` (or
/// `~/.config/courier/config.yaml`) and the theme it names (`ThemeLookup`). Problems are reported, never fatal:
/// a broken file falls back to the defaults.
public struct ExplorerSettings: Sendable {
    public var theme: Theme = .standard
    public var keyMap: KeyMap = .standard
    public var spooling: BodySpooling = .standard
    /// `max-size:` from config.yaml, nil when it says nothing.
    public var maximumBodySize: Int?
    /// `history:` from config.yaml: how much History keeps between sessions.
    public var history: HistoryLimits = .standard
    /// Which transport requests go through and how they are made (the app brings AsyncHTTPClient).
    public var transports: TransportSelection = .library
    /// Sentences about broken config or theme entries, for the status line.
    public var problems: [String] = []
    /// Where `XDG_STATE_HOME` (captured variables, drafts of unsaved edits) and `{{$env.NAME}}`
    /// are read; tests point it at a folder of their own.
    public var processEnvironment: [String: String] = ProcessInfo.processInfo.environment

    public init() {}

    /// The transport setting for `spooling`, files going to the system's temporary folder.
    var responseSpooling: ResponseSpooling? {
        guard case .above(let threshold) = spooling else { return nil }
        return ResponseSpooling(above: threshold)
    }

    /// The settings of this user: config file, then `themeOverride` (`--theme`), the theme looked
    /// up as `ThemeLookup` says for the collections at `collections`.
    public static func load(themeOverride: String?, collections: URL? = nil,
                            environment: [String: String] = ProcessInfo.processInfo.environment) -> ExplorerSettings {
        var settings = ExplorerSettings()
        var themeName = themeOverride
        if let (configuration, problems) = configuration(environment: environment) {
            settings.keyMap = configuration.keyMap
            settings.spooling = configuration.spooling
            settings.maximumBodySize = configuration.maximumBodySize
            settings.history = configuration.history
            settings.problems += problems.map(\.description)
            themeName = themeName ?? configuration.theme
        }
        if let themeName {
            let lookup = ThemeLookup(collections: collections, environment: environment)
            if let (theme, problems) = lookup.load(themeName) {
                settings.theme = theme
                settings.problems += problems
            } else {
                settings.problems.append("\(lookup.unknown(themeName)); using the default theme")
            }
        }
        return settings
    }

    /// The user's configuration folder: `$XDG_CONFIG_HOME`, else `~/.config`.
    static func configHome(environment: [String: String]) -> URL {
        let path = environment["XDG_CONFIG_HOME"].flatMap { $0.isEmpty ? nil : $0 }
            ?? (environment["HOME"].map { "\($0)/.config" } ?? ".config")
        return URL(fileURLWithPath: path)
    }

    /// Every config and theme problem in one sentence, for the status line; nil when there are none.
    public var problemsSentence: String? {
        switch problems.count {
        case 0: return nil
        case 1: return "\(problems[0]) (ignored)"
        default: return "\(problems.count) problems in config and theme files, each ignored: " + problems.joined(separator: " · ")
        }
    }

    /// `config.yaml` of this user (`$XDG_CONFIG_HOME/courier/`, else `~/.config/courier/`) and its
    /// problems; nil when there is none. The CLI reads `max-size:` from it too.
    public static func configuration(environment: [String: String] = ProcessInfo.processInfo.environment) -> (Configuration, [ConfigProblem])? {
        let configFile = configHome(environment: environment).appendingPathComponent("courier/config.yaml")
        guard let text = try? String(contentsOf: configFile, encoding: .utf8) else { return nil }
        return ConfigParser.parse(text, file: configFile.path)
    }
}
