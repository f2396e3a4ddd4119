import Courier
import CourierCollections
import CourierUI
import Foundation

/// The explorer's theme, key map and body spooling, from `$XDG_CONFIG_HOME/courier/config.yaml` (or
/// `~/.config/courier/config.yaml`) and `Themes/NAME.yaml`. Problems are reported, never fatal:
/// a broken file falls back to the defaults.
public struct ExplorerSettings: Sendable {
    public var theme: Theme = .standard
    public var keyMap: KeyMap = .standard
    public var spooling: BodySpooling = .standard
    /// `max-size:` from config.yaml, nil when it says nothing.
    public var maximumBodySize: Int?
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

    /// The settings of this user: config file, then `themeOverride` (`--theme`).
    public static func load(themeOverride: String?, environment: [String: String] = ProcessInfo.processInfo.environment) -> ExplorerSettings {
        var settings = ExplorerSettings()
        var themeName = themeOverride
        if let (configuration, problems) = configuration(environment: environment) {
            settings.keyMap = configuration.keyMap
            settings.spooling = configuration.spooling
            settings.maximumBodySize = configuration.maximumBodySize
            settings.problems += problems.map(\.description)
            themeName = themeName ?? configuration.theme
        }
        if let themeName, themeName != "default" || FileManager.default.fileExists(atPath: themeFile(themeName).path) {
            let file = themeFile(themeName)
            if let text = try? String(contentsOf: file, encoding: .utf8) {
                let (theme, problems) = ThemeParser.parse(text, file: file.path)
                settings.theme = problems.isEmpty ? theme : .standard
                settings.problems += problems.map { "\($0); using the default theme" }
            } else {
                settings.problems.append("no theme '\(themeName)' at \(file.path); using the default theme")
            }
        }
        return settings
    }

    /// `config.yaml` of this user (`$XDG_CONFIG_HOME/courier/`, else `~/.config/courier/`) and its
    /// problems; nil when there is none. The CLI reads `max-size:` from it too.
    public static func configuration(environment: [String: String] = ProcessInfo.processInfo.environment) -> (Configuration, [ConfigProblem])? {
        let configHome = environment["XDG_CONFIG_HOME"].flatMap { $0.isEmpty ? nil : $0 }
            ?? (environment["HOME"].map { "\($0)/.config" } ?? ".config")
        let configFile = URL(fileURLWithPath: configHome).appendingPathComponent("courier/config.yaml")
        guard let text = try? String(contentsOf: configFile, encoding: .utf8) else { return nil }
        return ConfigParser.parse(text, file: configFile.path)
    }

    /// Themes ship in `Themes/` next to `Collections/`.
    private static func themeFile(_ name: String) -> URL {
        URL(fileURLWithPath: FileManager.default.currentDirectoryPath).appendingPathComponent("Themes/\(name).yaml")
    }
}
