import Foundation

/// A path as a user types it: absolute, `~` or `~/…` under the home folder, or relative to a folder.
public enum TypedPath {
    /// Where `path` is: `~` expanded with `home` (when known), a relative path below `folder`.
    public static func resolve(_ path: String, relativeTo folder: URL, home: String?) -> URL {
        let expanded = expandingHome(path, home: home)
        return expanded.hasPrefix("/") ? URL(fileURLWithPath: expanded).standardizedFileURL
            : folder.appendingPathComponent(expanded).standardizedFileURL
    }

    /// `path` with a leading `~` written out as `home` (a trailing `/` of `home` is not doubled).
    public static func expandingHome(_ path: String, home: String?) -> String {
        guard let home, path == "~" || path.hasPrefix("~/") else { return path }
        let base = home.count > 1 && home.hasSuffix("/") ? String(home.dropLast()) : home
        return base + path.dropFirst()
    }
}
