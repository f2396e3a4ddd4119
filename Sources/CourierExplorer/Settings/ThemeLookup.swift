import CourierUI
import Foundation

/// Where a theme named on the command line or in `config.yaml` comes from: the user's
/// `$XDG_CONFIG_HOME/courier/themes/`, then `Themes/` beside the collections directory, then the
/// built-in set. Never the current directory alone, so `--theme light` works from any folder.
public struct ThemeLookup: Sendable {
    /// The folders searched, first match wins.
    public let folders: [URL]

    /// The lookup for the collections at `collections`, with the user's config folder from `environment`.
    public init(collections: URL?, environment: [String: String] = ProcessInfo.processInfo.environment) {
        var folders = [ExplorerSettings.configHome(environment: environment).appendingPathComponent("courier/themes")]
        if let collections { folders.append(collections.standardizedFileURL.deletingLastPathComponent().appendingPathComponent("Themes")) }
        self.folders = folders
    }

    /// The theme `name` with the sentences of its problems (each says it was ignored); nil when no
    /// folder has it and it is not built in. A theme with a bad entry keeps every other one.
    public func load(_ name: String) -> (theme: Theme, problems: [String])? {
        for folder in folders {
            let file = folder.appendingPathComponent("\(name).yaml")
            guard let text = try? String(contentsOf: file, encoding: .utf8) else { continue }
            let (theme, problems) = ThemeParser.parse(text, file: file.path)
            return (theme, problems.map(\.description))
        }
        guard let text = Theme.builtInText(name) else { return nil }
        return (ThemeParser.parse(text, file: "\(name).yaml").0, [])
    }

    /// Every theme name found, sorted: the built-in ones and those in the folders.
    public var available: [String] {
        var names = Set(Theme.builtIn.map { $0.name })
        for folder in folders {
            let files = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
            for file in files where file.hasSuffix(".yaml") && !file.hasPrefix(".") { names.insert(String(file.dropLast(5))) }
        }
        return names.sorted()
    }

    /// `no theme 'dusk'; available: default, light, …`, for the status line and `--theme`.
    public func unknown(_ name: String) -> String {
        "no theme '\(name)'; available: \(available.joined(separator: ", ")) (in \(folders.map(\.path).joined(separator: ", ")) or built in)"
    }
}
