import Foundation

/// Reads a collections directory: every top-level folder is a collection, sub-folders are
/// sub-collections, `*.yaml` files are requests, `collection.yaml` holds a folder's settings and
/// `environments/` its environments. A broken file stays in the tree with its problems (and is
/// never sent); the rest still loads.
public enum CollectionLoader {
    static let settingsFile = "collection.yaml"
    /// The folder of a collection that holds its environments.
    public static let environmentsFolder = "environments"

    /// Loads the tree below `directory` on disk.
    public static func load(_ directory: URL) -> CollectionTree {
        load(FileCollectionStore(directory: directory))
    }

    /// Loads the tree of a store.
    public static func load(_ store: some CollectionStore) -> CollectionTree {
        load(store, parsingAhead: true)
    }

    /// Loads the tree of a store, its files parsed on every core first (`ParsedFiles`) or, for
    /// the tests that compare the two, one by one as the walk reaches them.
    static func load(_ store: some CollectionStore, parsingAhead: Bool) -> CollectionTree {
        let directory = store.directory
        var state = LoadState(root: directory.standardizedFileURL, store: store)
        guard store.entries(in: directory) != nil else {
            state.diagnostics.append(Diagnostic(file: state.display(directory), line: 1, column: 1, severity: .error,
                                                message: "no collections directory here; create it or pass --collections DIR"))
            return CollectionTree(directory: directory, entries: [], requests: [:], diagnostics: state.diagnostics)
        }
        if parsingAhead { state.parsed = ParsedFiles.parse(store, root: state.root) }
        let entries = state.folder(state.root, settings: [], inherited: [], collectionRoot: nil)
        return CollectionTree(directory: state.root, entries: entries, requests: state.requests, diagnostics: state.diagnostics)
    }

    /// Loads only what running request `id` needs: its file and the `collection.yaml` files of the
    /// folders above it, giving the same `LoadedRequest` as `load(_:)` would. Nil when `id` names
    /// no single request file there (a folder, a typo, both `.yaml` and `.yml`): then the whole
    /// tree is needed anyway, for its diagnostics and the ids close to `id`.
    ///
    /// Half of a `courier run` was reading every file of every collection to send one request.
    public static func loadRequest(_ id: String, in directory: URL) -> LoadedRequest? {
        let store = FileCollectionStore(directory: directory)
        var state = LoadState(root: directory.standardizedFileURL, store: store)
        let parts = id.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        guard parts.count >= 2, !parts.contains(where: { $0.isEmpty || $0 == "." || $0 == ".." || $0.hasPrefix(".") }),
              parts.dropLast().allSatisfy({ $0 != environmentsFolder }) else { return nil }
        var folder = state.root
        var settings: [CollectionDefinition] = []
        var inherited: [Diagnostic] = []
        for name in parts.dropLast() {
            folder = folder.appendingPathComponent(name)
            let before = state.diagnostics.count
            if let definition = state.settings(of: folder) { settings.append(definition) }
            inherited += state.diagnostics[before...].filter { $0.severity == .error }
        }
        let name = parts[parts.count - 1]
        // A look at the disk, not `store.exists`, which reads the file that `request` reads next.
        var isFolder: ObjCBool = false
        let candidates = ["\(name).yaml", "\(name).yml"].map { folder.appendingPathComponent($0) }.filter {
            FileManager.default.fileExists(atPath: $0.path, isDirectory: &isFolder) && !isFolder.boolValue
        }
        guard candidates.count == 1, let file = candidates.first, isRequestFile(file.lastPathComponent) else { return nil }
        let collectionRoot = state.root.appendingPathComponent(parts[0])
        _ = state.request(file, settings: Settings(definitions: settings, problems: inherited), collectionRoot: collectionRoot)
        return state.requests[state.id(of: file)]
    }

    /// Whether a file name is a request file.
    static func isRequestFile(_ name: String) -> Bool {
        (name.hasSuffix(".yaml") || name.hasSuffix(".yml")) && name != settingsFile && !name.contains(".secret.")
    }
}

/// The settings a request inherits: the `collection.yaml` definitions above it and their errors.
private struct Settings {
    let definitions: [CollectionDefinition]
    let problems: [Diagnostic]
}

/// The walk's accumulated results.
private struct LoadState {
    let root: URL
    let store: any CollectionStore
    var requests: [String: LoadedRequest] = [:]
    var diagnostics: [Diagnostic] = []
    /// The files parsed ahead of the walk, when it walks the whole tree.
    var parsed: ParsedFiles?

    init(root: URL, store: any CollectionStore) {
        self.root = root
        self.store = store
    }

    func id(of url: URL) -> String {
        let relative = url.standardizedFileURL.path.dropFirst(root.path.count).drop { $0 == "/" }
        return String(relative).replacingOccurrences(of: ".yaml", with: "", options: .anchored.union(.backwards))
            .replacingOccurrences(of: ".yml", with: "", options: .anchored.union(.backwards))
    }

    /// A path as messages show it: relative to the working directory when inside it.
    func display(_ url: URL) -> String { store.display(url) }

    /// The entries of folder `url`.
    /// - Parameters:
    ///   - settings: The `collection.yaml` settings of the folders above, outermost first.
    ///   - inherited: The errors of those `collection.yaml` files: every request below carries them.
    mutating func folder(_ url: URL, settings: [CollectionDefinition], inherited: [Diagnostic], collectionRoot: URL?) -> [TreeEntry] {
        var settings = settings
        var inherited = inherited
        let problemsBefore = diagnostics.count
        var order: [String]?
        var orderLocation = SourceLocation(file: display(url.appendingPathComponent(CollectionLoader.settingsFile)), line: 1, column: 1)
        if url != root, let definition = self.settings(of: url) {
            settings.append(definition)
            order = definition.order
            orderLocation = definition.locations["order"] ?? orderLocation
        }
        inherited += diagnostics[problemsBefore...].filter { $0.severity == .error }
        if collectionRoot == url { environmentProblems(of: url) }
        let names = (store.entries(in: url) ?? []).filter { !$0.name.hasPrefix(".") }
        var folders: [(String, URL)] = []
        var files: [(String, URL)] = []
        var seen: [String: String] = [:]
        for entry in names {
            let name = entry.name
            let child = url.appendingPathComponent(name)
            if entry.isFolder {
                if name != CollectionLoader.environmentsFolder { folders.append((name, child)) }
            } else if CollectionLoader.isRequestFile(name) {
                let stem = (name as NSString).deletingPathExtension
                if let other = seen[stem] {
                    diagnostics.append(Diagnostic(file: display(child), line: 1, column: 1, severity: .error,
                                                  message: "duplicate request id '\(id(of: child))': \(other) and \(name) name the same request"))
                    continue
                }
                seen[stem] = name
                files.append((stem, child))
            }
        }
        var entries: [(key: String, entry: TreeEntry)] = []
        for (name, child) in folders.sorted(by: { $0.0.localizedStandardCompare($1.0) == .orderedAscending }) {
            let children = folder(child, settings: settings, inherited: inherited, collectionRoot: collectionRoot ?? child)
            entries.append((name, .folder(FolderEntry(name: name, id: id(of: child), children: children))))
        }
        for (name, child) in files.sorted(by: { $0.0.localizedStandardCompare($1.0) == .orderedAscending }) {
            if let entry = request(child, settings: Settings(definitions: settings, problems: inherited), collectionRoot: collectionRoot ?? url) {
                entries.append((name, .request(entry)))
            }
        }
        return Self.apply(order, to: entries, at: orderLocation, diagnostics: &diagnostics)
    }

    /// The `collection.yaml` of folder `url`, if it has one that could be read; its problems go
    /// into the diagnostics.
    mutating func settings(of url: URL) -> CollectionDefinition? {
        let settingsURL = url.appendingPathComponent(CollectionLoader.settingsFile)
        guard let (text, hash) = read(settingsURL) else { return nil }
        let (definition, problems): (CollectionDefinition?, [Diagnostic])
        if case .collection(let early, let earlyProblems)? = parsed?.parse(of: settingsURL, hash: hash) {
            (definition, problems) = (early, earlyProblems)
        } else {
            (definition, problems) = DocumentParser.collection(text, file: display(settingsURL))
        }
        diagnostics += problems
        return definition
    }

    /// A request file's entry, kept even when the file has errors (with what could be read and
    /// its problems), so the tree shows it marked and nothing sends it.
    mutating func request(_ url: URL, settings: Settings, collectionRoot: URL) -> RequestEntry? {
        let before = diagnostics.count
        guard let (text, hash) = read(url) else {
            return diagnostics.count == before ? nil : entry(url, RequestDefinition(), text: "", hash: ContentHash(""), problems: Array(diagnostics[before...]),
                                                             settings: settings, collectionRoot: collectionRoot)
        }
        let (definition, problems): (RequestDefinition?, [Diagnostic])
        if case .request(let early, let earlyProblems)? = parsed?.parse(of: url, hash: hash) {
            (definition, problems) = (early, earlyProblems)
        } else {
            (definition, problems) = DocumentParser.request(text, file: display(url))
        }
        diagnostics += problems
        checkFiles(of: definition ?? RequestDefinition(), file: url)
        return entry(url, definition ?? RequestDefinition(), text: text, hash: hash, problems: Array(diagnostics[before...]),
                     settings: settings, collectionRoot: collectionRoot)
    }

    private mutating func entry(_ url: URL, _ definition: RequestDefinition, text: String, hash: ContentHash, problems: [Diagnostic],
                                settings: Settings, collectionRoot: URL) -> RequestEntry {
        let requestId = id(of: url)
        let loaded = LoadedRequest(id: requestId, file: url, displayPath: display(url), definition: definition,
                                   settings: settings.definitions, collectionRoot: collectionRoot, text: text, contentHash: hash, problems: problems,
                                   inheritedProblems: settings.problems)
        requests[requestId] = loaded
        // A method that was not read for certain is not shown as the default GET.
        let method = problems.contains { $0.severity == .error } && definition.locations["method"] == nil ? "?" : definition.method
        return RequestEntry(name: url.deletingPathExtension().lastPathComponent, id: requestId, method: method, problems: problems)
    }

    /// The problems of a collection's environment files, so the tree's diagnostics hold every file's.
    mutating func environmentProblems(of collection: URL) {
        let folder = collection.appendingPathComponent(CollectionLoader.environmentsFolder)
        for entry in (store.entries(in: folder) ?? []).sorted(by: { $0.name < $1.name })
        where !entry.isFolder && entry.name.hasSuffix(".yaml") && !entry.name.hasPrefix(".") {
            let file = folder.appendingPathComponent(entry.name)
            guard let (text, hash) = read(file) else { continue }
            if case .environment(let problems)? = parsed?.parse(of: file, hash: hash) {
                diagnostics += problems
            } else {
                diagnostics += DocumentParser.environment(text, file: display(file)).1
            }
        }
    }

    /// Body files must exist: a missing one is reported at load time, not on the wire.
    mutating func checkFiles(of definition: RequestDefinition, file: URL) {
        let folder = file.deletingLastPathComponent()
        var paths: [String] = []
        switch definition.body {
        case .file(let path)?: paths = [path]
        case .multipart(let parts)?: paths = parts.compactMap(\.file)
        default: break
        }
        for path in paths where !path.contains("{{") {
            let target = path.hasPrefix("/") ? URL(fileURLWithPath: path) : folder.appendingPathComponent(path)
            if !store.exists(target) {
                let place = definition.locations["body"] ?? SourceLocation(file: display(file), line: 1, column: 1)
                diagnostics.append(Diagnostic(file: display(file), line: place.line, column: place.column, severity: .error,
                                              message: "the body file \(path) does not exist (looked for \(display(target)))"))
            }
        }
    }

    /// A file's text and content hash; nil (with a diagnostic when it is there) otherwise.
    mutating func read(_ url: URL) -> (String, ContentHash)? {
        guard let data = store.contents(of: url) else { return nil }
        guard let stored = StoredText(data) else {
            diagnostics.append(Diagnostic(file: display(url), line: 1, column: 1, severity: .error, message: "the file is not valid UTF-8 text"))
            return nil
        }
        return (stored.text, stored.hash)
    }

    /// Puts entries named in `order` first, in that order; the rest keep folders-then-files order.
    static func apply(_ order: [String]?, to entries: [(key: String, entry: TreeEntry)], at location: SourceLocation,
                      diagnostics: inout [Diagnostic]) -> [TreeEntry] {
        guard let order else { return entries.map(\.entry) }
        var remaining = entries
        var ordered: [TreeEntry] = []
        for name in order {
            if let index = remaining.firstIndex(where: { $0.key == name }) {
                ordered.append(remaining.remove(at: index).entry)
            } else {
                diagnostics.append(Diagnostic(file: location.file, line: location.line, column: location.column, severity: .warning,
                                              message: "order names '\(name)', which is not a request or folder here"))
            }
        }
        return ordered + remaining.map(\.entry)
    }
}
