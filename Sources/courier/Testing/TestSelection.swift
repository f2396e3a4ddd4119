import CourierCollections

/// The requests `courier test` runs: the ids and folders named, in collection order (folders
/// recursively, honouring `order:`), or every collection when none is named. A request marked
/// `skip: true` is skipped unless named itself.
struct TestSelection {
    /// A request to run and the folder whose test suite it belongs to.
    struct Entry {
        let request: LoadedRequest
        let suite: String
        let skipped: Bool
    }

    let entries: [Entry]

    init(_ names: [String], tree: CollectionTree) throws {
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
                throw CLIFailure.usage("no request or folder '\(name)' in \(tree.directory.path); `courier list` shows every id")
            }
        }
        self.entries = entries
    }

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
    var topLevelGroups: [[Entry]] {
        var groups: [(key: String, entries: [Entry])] = []
        for entry in entries {
            let key = entry.request.id.split(separator: "/").prefix(2).joined(separator: "/")
            if let index = groups.firstIndex(where: { $0.key == key }) { groups[index].entries.append(entry) } else { groups.append((key, [entry])) }
        }
        return groups.map(\.entries)
    }
}
