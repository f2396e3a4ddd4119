import Courier
import CourierUI
import Foundation

/// The explorer's theme, key map and body spooling, from `$XDG_CONFIG_HOME/courier/config.yaml` (or
/// `~/.config/courier/config.yaml`) and `Themes/NAME.yaml`. Problems are reported, never fatal:
/// a broken file falls back to the defaults.
public struct ExplorerSettings: Sendable {
    public var theme: Theme = .standard
    public var keyMap: KeyMap = .standard
    public var spooling: BodySpooling = .standard
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
        let configHome = environment["XDG_CONFIG_HOME"].flatMap { $0.isEmpty ? nil : $0 }
            ?? (environment["HOME"].map { "\($0)/.config" } ?? ".config")
        let configFile = URL(fileURLWithPath: configHome).appendingPathComponent("courier/config.yaml")
        var themeName = themeOverride
        if let text = try? String(contentsOf: configFile, encoding: .utf8) {
            let (configuration, problems) = ConfigParser.parse(text, file: configFile.path)
            settings.keyMap = configuration.keyMap
            settings.spooling = configuration.spooling
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

    /// Themes ship in `Themes/` next to `Collections/`.
    private static func themeFile(_ name: String) -> URL {
        URL(fileURLWithPath: FileManager.default.currentDirectoryPath).appendingPathComponent("Themes/\(name).yaml")
    }
}
