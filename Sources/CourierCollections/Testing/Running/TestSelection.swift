/// The requests a test run covers: the ids and folders named, in collection order (folders
/// recursively, honouring `order:`), or every collection when none is named. A request marked
/// `skip: true` is skipped unless named itself. `courier test` and the explorer's folder runs
/// choose their requests through it.
public struct TestSelection: Sendable {
    /// A request to run and the folder whose test suite it belongs to.
    public struct Entry: Sendable {
        /// The request.
        public let request: LoadedRequest
        /// The id of the folder it is reported under (`Demo/flows`); empty for every collection.
        public let suite: String
        /// `skip: true` and not named itself: reported as skipped, not sent.
        public let skipped: Bool
    }

    /// A name that is neither a request nor a folder of the collections.
    public struct UnknownName: Error, Sendable, CustomStringConvertible {
        /// The sentence, naming what was asked for and where it was looked for.
        public let description: String
    }

    /// The entries, in the order they run.
    public let entries: [Entry]

    /// The requests `names` select in `tree`; every request of every collection when `names` is empty.
    /// - Throws: `UnknownName` for a name that is neither a request id nor a folder.
    public init(_ names: [String], tree: CollectionTree) throws(UnknownName) {
        var entries: [Entry] = []
        func add(_ treeEntries: [TreeEntry], suite: String) {
            for entry in treeEntries {
                switch entry {
                case .folder(let folder): add(folder.children, suite: folder.id)
                case .request(let request):
                    guard let loaded = tree.request(id: request.id) else { continue }
                    entries.append(Entry(request: loaded, suite: suite, skipped: loaded.definition.skip == true))
                }
            }
        }
        if names.isEmpty { add(tree.entries, suite: "") }
        for name in names {
            let trimmed = String(name.drop { $0 == "/" }.reversed().drop { $0 == "/" }.reversed())
            if let request = tree.request(id: trimmed) {
                entries.append(Entry(request: request, suite: Self.parent(of: request.id), skipped: false))
            } else if let folder = Self.folder(trimmed, in: tree.entries) {
                add(folder.children, suite: folder.id)
            } else {
                throw UnknownName(description: "no request or folder '\(name)' in \(tree.directory.path); `courier list` shows every id")
            }
        }
        self.entries = entries
    }

    /// The folder id above a request id.
    static func parent(of id: String) -> String {
        id.split(separator: "/").dropLast().joined(separator: "/")
    }

    private static func folder(_ id: String, in entries: [TreeEntry]) -> FolderEntry? {
        for case .folder(let folder) in entries {
            if folder.id == id { return folder }
            if id.hasPrefix(folder.id + "/"), let found = self.folder(id, in: folder.children) { return found }
        }
        return nil
    }

    /// The entries grouped by top-level folder below the collection (`Demo/users`, `Demo/flows`), in order.
    public var topLevelGroups: [[Entry]] {
        var groups: [(key: String, entries: [Entry])] = []
        for entry in entries {
            let key = entry.request.id.split(separator: "/").prefix(2).joined(separator: "/")
            if let index = groups.firstIndex(where: { $0.key == key }) { groups[index].entries.append(entry) } else { groups.append((key, [entry])) }
        }
        return groups.map(\.entries)
    }
}
