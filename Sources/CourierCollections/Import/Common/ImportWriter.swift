import Foundation

/// What writing an import did: every file created or changed, the items not mapped, and notes.
public struct ImportReport: Sendable, Equatable {
    /// Files written, as paths below the collections directory.
    public var written: [String] = []
    /// Files that already held exactly what the import would write.
    public var unchanged: [String] = []
    /// Items of the input (and files) that have no place in the result.
    public var unmapped: [UnmappedItem] = []
    /// Notes for the user, such as a `.gitignore` that was given `*.secret.yaml`.
    public var notes: [String] = []
    /// How many request files the import holds.
    public var requestCount = 0
    /// The ids of the request files that now hold what the import made (written, or unchanged),
    /// in the source's order: `Imported/pets/list-pets`.
    public var requestIds: [String] = []

    /// A report of nothing written yet.
    public init() {}
}

/// Writes an `ImportedCollection` into a folder of a collections directory: request files in the
/// canonical form (`CollectionWriter`), a `collection.yaml` per folder that needs one (settings,
/// and an `order:` that keeps the source's order), environments through the store so secrets get
/// their 0600 file and `.gitignore` line. Existing files are only replaced with `force`.
public struct ImportWriter {
    let store: any CollectionStore
    /// `--into`, split: the collection first, then folders inside it.
    let destination: [String]
    let force: Bool

    /// A writer into `into` (`Imported` or `Imported/shop`) below `store`'s directory.
    /// - Throws: `ImportError` when `into` is not a folder path below the directory.
    public init(store: any CollectionStore, into: String, force: Bool = false) throws(ImportError) {
        let parts = into.split(separator: "/").map(String.init).filter { $0 != "." }
        guard !parts.isEmpty, !into.hasPrefix("/"), !parts.contains(".."), !parts.contains(where: { $0.hasPrefix(".") }) else {
            throw ImportError("--into takes a folder below the collections directory, such as Imported or Imported/shop; got '\(into)'")
        }
        guard !parts.contains(CollectionLoader.environmentsFolder) else {
            throw ImportError("--into cannot name an environments/ folder: environments go to the collection's environments/ by themselves")
        }
        self.store = store
        self.destination = parts
        self.force = force
    }

    /// Writes `imported`.
    public func write(_ imported: ImportedCollection) -> ImportReport {
        var report = ImportReport()
        report.unmapped = imported.unmapped
        report.notes = imported.notes
        let layout = Layout(imported, destination: destination)
        report.requestCount = layout.requestFiles.count
        for file in layout.requestFiles {
            let shown = file.path.joined(separator: "/")
            put(file.path, Self.commented(file.comments) + CollectionWriter.text(of: file.request), into: &report)
            if report.written.last == shown || report.unchanged.last == shown { report.requestIds.append(String(shown.dropLast(5))) }
        }
        for folder in layout.folderSettings {
            let text = Self.commented(folder.comments) + CollectionWriter.text(of: folder.settings)
            if folder.path == destination + ["collection.yaml"], Self.onlyArrangement(imported.settings),
               store.contents(of: folder.path.reduce(store.directory) { $0.appendingPathComponent($1) }) != nil, !force {
                // An existing collection's settings stay; the import brought none of its own, only an order.
                report.notes.append("\(folder.path.joined(separator: "/")) kept as it was (the import has no settings for it)")
                continue
            }
            put(folder.path, text, into: &report)
        }
        let root = store.directory.appendingPathComponent(destination[0])
        for environment in imported.environments { save(environment, in: root, into: &report) }
        return report
    }

    private func put(_ path: [String], _ text: String, into report: inout ImportReport) {
        let url = path.reduce(store.directory) { $0.appendingPathComponent($1) }
        let shown = path.joined(separator: "/")
        if let existing = store.contents(of: url) {
            if existing == Data(text.utf8) {
                report.unchanged.append(shown)
                return
            }
            guard force else {
                report.unmapped.append(UnmappedItem(file: shown, item: "the whole file", reason: "it exists already and was kept (courier import … --force replaces it)"))
                return
            }
        }
        do {
            try store.write(Data(text.utf8), to: url, secret: false)
            report.written.append(shown)
        } catch {
            report.unmapped.append(UnmappedItem(file: shown, item: "the whole file", reason: "cannot be written: \(error)"))
        }
    }

    /// Adds the environment's variables to the files of that name (imported values win).
    private func save(_ environment: ImportedEnvironment, in root: URL, into report: inout ImportReport) {
        let loaded = store.loadEnvironment(environment.name, in: root)
        var draft = loaded
        for field in environment.variables { Self.set(field, in: &draft.variables) }
        for field in environment.secrets {
            Self.set(field, in: &draft.secrets)
            draft.variables.removeAll { $0.name == field.name }
        }
        let (plain, secret) = store.environmentFiles(environment.name, in: root)
        let shown = { (url: URL) in ([self.destination[0], CollectionLoader.environmentsFolder, url.lastPathComponent]).joined(separator: "/") }
        guard draft != loaded || store.contents(of: plain) == nil else {
            report.unchanged.append(shown(plain))
            return
        }
        do {
            report.notes += try store.saveEnvironment(environment.name, in: root, draft, over: loaded)
            if draft.variables != loaded.variables || store.contents(of: plain) == nil { report.written.append(shown(plain)) }
            if draft.secrets != loaded.secrets { report.written.append(shown(secret)) }
        } catch {
            report.unmapped.append(UnmappedItem(file: shown(plain), item: "environment \(environment.name)", reason: "cannot be written: \(error)"))
        }
    }

    private static func set(_ field: Field, in fields: inout [Field]) {
        if let index = fields.firstIndex(where: { $0.name == field.name }) { fields[index].value = field.value } else { fields.append(field) }
    }

    /// Whether settings hold nothing of the source's own (a name at most): no base URL, headers or variables.
    private static func onlyArrangement(_ settings: CollectionDefinition) -> Bool {
        settings.baseUrl == nil && settings.headers.isEmpty && settings.variables.isEmpty && settings.timeout == nil
    }

    /// `# line` for each line of the comments (empty lines as a bare `#`).
    static func commented(_ comments: [String]) -> String {
        let lines = comments.flatMap { $0.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline) }
            .map { $0.replacingOccurrences(of: "\\s+$", with: "", options: .regularExpression) }
        return lines.map { $0.isEmpty ? "#" : "# \($0)" }.joined(separator: "\n") + (lines.isEmpty ? "" : "\n")
    }
}
