import Foundation

/// A path as a user types it: absolute, `~` or `~/…` under the home folder, or relative to a folder.
public enum TypedPath {
    /// Where `path` is: `~` expanded with `home` (when known), a relative path below `folder`.
    public static func resolve(_ path: String, relativeTo folder: URL, home: String?) -> URL {
        var expanded = path
        if let home, path == "~" || path.hasPrefix("~/") { expanded = home + path.dropFirst() }
        return expanded.hasPrefix("/") ? URL(fileURLWithPath: expanded).standardizedFileURL
            : folder.appendingPathComponent(expanded).standardizedFileURL
    }
}
