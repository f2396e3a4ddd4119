import Foundation

/// Where collections live: the few primitives a place to keep files needs (read, list, write
/// atomically, remove, move, watch), with everything built on them — loading the tree, lossless
/// saves guarded by a content hash, request file operations that keep `order:` lists in step, and
/// environments — written once in extensions. `FileCollectionStore` keeps the files on disk,
/// `MemoryCollectionStore` in memory for tests; one test suite runs over both (as hummingbird
/// pairs `PersistDriver` with `MemoryPersistDriver`).
///
/// Paths are URLs below `directory`; a store treats them as keys and never touches anything
/// outside its directory except body files a request names.
public protocol CollectionStore: Sendable {
    /// The collections directory: each folder in it is a collection.
    var directory: URL { get }

    /// The bytes of a file, or nil when there is no file there.
    func contents(of file: URL) -> Data?

    /// The names in a folder (hidden ones included), or nil when it is not a folder.
    func entries(in folder: URL) -> [StoreEntry]?

    /// Writes `data` atomically (a temporary file, then a rename), creating folders as needed.
    /// - Parameter secret: The file is readable by its owner only (mode 0600).
    /// - Throws: `StoreError.io` naming the file.
    func write(_ data: Data, to file: URL, secret: Bool) throws(StoreError)

    /// Removes a file or an empty folder.
    /// - Throws: `StoreError.missing` or `.io`.
    func remove(_ item: URL) throws(StoreError)

    /// Moves a file to a path that must be free, creating its folder; the bytes are kept.
    /// - Throws: `StoreError.missing` or `.io`.
    func move(_ item: URL, to destination: URL) throws(StoreError)

    /// Reports changes below `directory` — made here or by anyone else — in batches, each after
    /// about 100 ms without a further change (at most about 500 ms after the first one, however
    /// busy the writer), until the returned watch is cancelled or released. When changes were
    /// lost, `StoreChange.rescan` says so: re-read everything.
    /// - Throws: `StoreError.io` when the directory cannot be watched at all.
    func watch(_ onChange: @escaping @Sendable ([StoreChange]) -> Void) throws(StoreError) -> StoreWatch

    /// Whether git ignores `file`: nil when there is no git or the file is not in a work tree.
    func isIgnoredByGit(_ file: URL) -> Bool?

    /// Whether git tracks `file` (it is in the index): nil when there is no git or the file is
    /// not in a work tree. A tracked file is not ignored whatever `.gitignore` says.
    func isTrackedByGit(_ file: URL) -> Bool?
}

/// A name in a folder.
public struct StoreEntry: Sendable, Hashable {
    /// The last path component.
    public let name: String
    /// Whether it is a folder.
    public let isFolder: Bool

    /// An entry called `name`.
    public init(name: String, isFolder: Bool) {
        self.name = name
        self.isFolder = isFolder
    }
}

extension CollectionStore {
    /// No git by default.
    public func isIgnoredByGit(_ file: URL) -> Bool? { nil }

    /// No git by default.
    public func isTrackedByGit(_ file: URL) -> Bool? { nil }

    /// Whether something (file or folder) is at `url`.
    func exists(_ url: URL) -> Bool { contents(of: url) != nil || entries(in: url) != nil }

    /// The URL of a path below the directory.
    func url(_ path: String) -> URL {
        path.isEmpty ? directory : directory.appendingPathComponent(path)
    }

    /// A path as messages show it: relative to the working directory when inside it.
    public func display(_ url: URL) -> String {
        let cwd = FileManager.default.currentDirectoryPath
        let path = url.standardizedFileURL.path
        return path.hasPrefix(cwd + "/") ? String(path.dropFirst(cwd.count + 1)) : path
    }

    /// A watch delivered as an asynchronous sequence of batches; the stream ends the watch when
    /// its consumer goes away.
    /// - Throws: `StoreError.io` when the directory cannot be watched.
    public func changes() throws(StoreError) -> AsyncStream<[StoreChange]> {
        let (stream, continuation) = AsyncStream<[StoreChange]>.makeStream()
        let watch = try watch { continuation.yield($0) }
        continuation.onTermination = { _ in watch.cancel() }
        return stream
    }
}
