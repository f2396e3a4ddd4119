import Foundation
import Synchronization

/// A collections directory held in memory, for tests: the same operations and the same watch
/// reports as `FileCollectionStore`, without a disk. Anything written through `write` — by the
/// code under test or by a test playing "someone else" — is reported to watchers.
public final class MemoryCollectionStore: CollectionStore {
    private struct Files {
        var files: [String: (data: Data, secret: Bool)] = [:]
        var folders: Set<String> = []
        var watchers: [UUID: ChangeBatcher] = [:]
    }

    /// A made-up directory; paths are keys below it.
    public let directory: URL
    private let state = Mutex(Files())
    /// What `isIgnoredByGit` answers (nil: no git), for tests of the `.gitignore` note.
    private let gitIgnores: Bool?
    /// The paths a pretend `git ls-files` lists (when there is pretend git).
    private let gitTracks: Set<String>

    /// An empty store; `gitIgnores` is the answer of a pretend `git check-ignore`, and
    /// `gitTracks` the paths (below the directory) a pretend `git ls-files` lists.
    public init(gitIgnores: Bool? = nil, gitTracks: Set<String> = []) {
        directory = URL(fileURLWithPath: "/memory-\(UUID().uuidString)/Collections")
        self.gitIgnores = gitIgnores
        self.gitTracks = gitTracks
        state.withLock { _ = $0.folders.insert(directory.path) }
    }

    /// Writes text files at paths below the directory (a fixture).
    public func seed(_ files: [String: String]) throws(StoreError) {
        for (path, text) in files { try write(Data(text.utf8), to: url(path), secret: false) }
    }

    /// Whether the file at `file` was written as a secret (mode 0600 on disk).
    public func isSecret(_ file: URL) -> Bool { state.withLock { $0.files[key(file)]?.secret ?? false } }

    /// The bytes written at `file`, if any.
    public func contents(of file: URL) -> Data? { state.withLock { $0.files[key(file)]?.data } }

    /// The files and folders directly in `folder`, by name.
    public func entries(in folder: URL) -> [StoreEntry]? {
        let folder = key(folder)
        return state.withLock { state -> [StoreEntry]? in
            guard state.folders.contains(folder) else { return nil }
            let files = state.files.keys.filter { Self.parent(of: $0) == folder }.map { StoreEntry(name: Self.name(of: $0), isFolder: false) }
            let folders = state.folders.filter { Self.parent(of: $0) == folder }.map { StoreEntry(name: Self.name(of: $0), isFolder: true) }
            return (files + folders).sorted { $0.name < $1.name }
        }
    }

    /// Stores `data` (creating folders) and reports the change to watchers.
    public func write(_ data: Data, to file: URL, secret: Bool) throws(StoreError) {
        let path = key(file)
        let written = state.withLock { state -> (changes: [StoreChange], existing: Data?)? in
            guard !state.folders.contains(path) else { return nil }
            let changes = makeFolders(Self.parent(of: path), in: &state)
            let existing = state.files[path]
            state.files[path] = (data, secret || (existing?.secret ?? false))
            return (changes, existing?.data)
        }
        guard let written else { throw .io("could not write \(relative(path)): it is a folder") }
        guard written.existing != data else { return }
        report(written.changes + [StoreChange(written.existing == nil ? .added : .changed, relative(path))])
    }

    /// Removes a file or an empty folder and reports it.
    public func remove(_ item: URL) throws(StoreError) {
        let path = key(item)
        let change = state.withLock { state -> StoreChange? in
            if state.files.removeValue(forKey: path) != nil { return StoreChange(.removed, relative(path)) }
            guard state.folders.contains(path), !state.files.keys.contains(where: { $0.hasPrefix(path + "/") }) else { return nil }
            state.folders.remove(path)
            return StoreChange(.removed, relative(path), isFolder: true)
        }
        guard let change else { throw .missing(file: relative(path)) }
        report([change])
    }

    /// Moves a file to a free path and reports the old path removed and the new one added.
    public func move(_ item: URL, to destination: URL) throws(StoreError) {
        let from = key(item), to = key(destination)
        let changes = state.withLock { state -> [StoreChange]? in
            guard let file = state.files[from], state.files[to] == nil else { return nil }
            let made = makeFolders(Self.parent(of: to), in: &state)
            state.files[from] = nil
            state.files[to] = file
            return made + [StoreChange(.removed, relative(from)), StoreChange(.added, relative(to))]
        }
        guard let changes else { throw .io("could not move \(relative(from)) to \(relative(to)): no such file, or the target exists") }
        report(changes)
    }

    /// Reports this store's changes in batches, as the file store does.
    public func watch(_ onChange: @escaping @Sendable ([StoreChange]) -> Void) throws(StoreError) -> StoreWatch {
        let id = UUID()
        let batcher = ChangeBatcher(deliver: onChange)
        state.withLock { $0.watchers[id] = batcher }
        return StoreWatch { [weak self] in
            batcher.stop()
            self?.state.withLock { _ = $0.watchers.removeValue(forKey: id) }
        }
    }

    /// The pretend answer given at creation.
    public func isIgnoredByGit(_ file: URL) -> Bool? { gitIgnores }

    /// The pretend answer given at creation: files below the directory listed there are tracked.
    public func isTrackedByGit(_ file: URL) -> Bool? {
        gitIgnores == nil ? nil : gitTracks.contains(relative(key(file)))
    }

    // MARK: - Paths

    private func key(_ url: URL) -> String { url.standardizedFileURL.path }

    private func relative(_ path: String) -> String {
        String(path.dropFirst(directory.path.count).drop { $0 == "/" })
    }

    private static func parent(of path: String) -> String { (path as NSString).deletingLastPathComponent }
    private static func name(of path: String) -> String { (path as NSString).lastPathComponent }

    /// Creates `folder` and the folders above it, returning the changes for the new ones.
    private func makeFolders(_ folder: String, in state: inout Files) -> [StoreChange] {
        guard folder.count > 1, !state.folders.contains(folder) else { return [] }
        let above = makeFolders(Self.parent(of: folder), in: &state)
        state.folders.insert(folder)
        return above + (folder.hasPrefix(directory.path + "/") ? [StoreChange(.added, relative(folder), isFolder: true)] : [])
    }

    private func report(_ changes: [StoreChange]) {
        for batcher in state.withLock({ Array($0.watchers.values) }) { batcher.add(changes) }
    }
}
