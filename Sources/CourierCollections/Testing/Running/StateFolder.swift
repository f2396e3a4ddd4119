import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Where courier remembers things about one collection in one environment between runs
/// (DESIGN.md, "State on disk"): `$XDG_STATE_HOME/courier/<collection>-<hash of its path>/<environment or none>/`,
/// folders 0700 and files 0600.
public struct StateFolder: Sendable, Equatable {
    /// The folder; it may not exist yet.
    public let url: URL

    /// The folder of the collection at `collectionRoot` in environment `environment` (nil: `none`).
    /// - Parameter processEnvironment: Where `XDG_STATE_HOME` and `HOME` are read.
    public init(collectionRoot: URL, environment: String?, processEnvironment: [String: String]) {
        url = Self.collectionFolder(collectionRoot, processEnvironment).appendingPathComponent(environment ?? "none")
    }

    private init(url: URL) { self.url = url }

    /// The folder `name` inside this one (History's kept bodies, say), 0700 like it once made.
    public func subfolder(_ name: String) -> StateFolder {
        StateFolder(url: url.appendingPathComponent(name))
    }

    /// The folder of what the collection at `collectionRoot` remembers whatever the environment:
    /// drafts of unsaved edits, in `<collection>-<hash>/drafts/`.
    public static func drafts(collectionRoot: URL, processEnvironment: [String: String]) -> StateFolder {
        StateFolder(url: collectionFolder(collectionRoot, processEnvironment).appendingPathComponent("drafts"))
    }

    /// `$XDG_STATE_HOME/courier/<collection>-<hash of its absolute path>`.
    private static func collectionFolder(_ collectionRoot: URL, _ processEnvironment: [String: String]) -> URL {
        let absolute = collectionRoot.standardizedFileURL.path
        let hash = String(ContentHash(absolute).description.prefix(8))
        return base(processEnvironment).appendingPathComponent("\(collectionRoot.lastPathComponent)-\(hash)")
    }

    /// `$XDG_STATE_HOME/courier`, or `~/.local/state/courier` when it is unset or not absolute.
    static func base(_ environment: [String: String]) -> URL {
        if let state = environment["XDG_STATE_HOME"], state.hasPrefix("/") {
            return URL(fileURLWithPath: state).appendingPathComponent("courier")
        }
        let home = environment["HOME"].map { URL(fileURLWithPath: $0) } ?? FileManager.default.homeDirectoryForCurrentUser
        return home.appendingPathComponent(".local/state/courier")
    }

    /// Writes `data` to `name` in the folder: folders from `courier/` down made 0700, the file 0600.
    /// - Throws: `CollectionWriter.SaveError` saying which path could not be written.
    public func write(_ data: Data, to name: String) throws(CollectionWriter.SaveError) {
        try create()
        try CollectionWriter.save(data, to: url.appendingPathComponent(name), secret: true)
    }

    /// Makes the folder, and those from `courier/` down to it, 0700.
    /// - Throws: `CollectionWriter.SaveError` naming the folder that could not be made.
    public func create() throws(CollectionWriter.SaveError) {
        var folders: [URL] = []
        var folder = url
        while folder.lastPathComponent != "courier", folder.path != "/" {
            folders.insert(folder, at: 0)
            folder.deleteLastPathComponent()
        }
        folders.insert(folder, at: 0)
        for folder in folders {
            do {
                try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
            } catch {
                throw CollectionWriter.SaveError(description: "cannot create the state folder \(folder.path): \(error.localizedDescription)")
            }
            chmod(folder.path, 0o700)
        }
    }

    /// Removes `name` from the folder; a file that is not there is no problem.
    public func remove(_ name: String) {
        try? FileManager.default.removeItem(at: url.appendingPathComponent(name))
    }

    /// The names of the files in the folder; none when it does not exist.
    public func fileNames() -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? []).filter { !$0.hasPrefix(".") }.sorted()
    }

    /// The bytes of `name` in the folder, nil when there is no such file.
    public func read(_ name: String) -> Data? {
        FileManager.default.contents(atPath: url.appendingPathComponent(name).path)
    }
}
