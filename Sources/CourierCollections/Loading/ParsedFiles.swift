import Dispatch
import Foundation
import Synchronization

/// The YAML files of a collections tree, parsed on every core at once before the walk that builds
/// the tree. The walk still reads each file in its own order and takes the parse from here only
/// when the bytes are the ones parsed, so its diagnostics keep their order and a file changed in
/// between is parsed again. Parsing is most of a whole load (about 20 ms of CPU for the shipped
/// collections), and the explorer draws its first frame after one.
struct ParsedFiles: Sendable {
    /// What `DocumentParser` made of one file.
    enum Parse: Sendable {
        case request(RequestDefinition?, [Diagnostic])
        case collection(CollectionDefinition?, [Diagnostic])
        case environment([Diagnostic])
    }

    private enum Kind {
        case request, collection, environment
    }

    private let parses: [URL: (hash: ContentHash, parse: Parse)]

    /// Parses every request, `collection.yaml` and environment file below `root`.
    static func parse(_ store: some CollectionStore, root: URL) -> ParsedFiles {
        var found: [(URL, Kind)] = []
        collect(store, in: root, into: &found)
        let files = found
        let parsed = Mutex<[URL: (hash: ContentHash, parse: Parse)]>([:])
        DispatchQueue.concurrentPerform(iterations: files.count) { index in
            let (url, kind) = files[index]
            guard let data = store.contents(of: url), let stored = StoredText(data) else { return }
            let file = store.display(url)
            let parse: Parse
            switch kind {
            case .request:
                let (definition, problems) = DocumentParser.request(stored.text, file: file)
                parse = .request(definition, problems)
            case .collection:
                let (definition, problems) = DocumentParser.collection(stored.text, file: file)
                parse = .collection(definition, problems)
            case .environment:
                parse = .environment(DocumentParser.environment(stored.text, file: file).1)
            }
            parsed.withLock { $0[url] = (stored.hash, parse) }
        }
        return ParsedFiles(parses: parsed.withLock { $0 })
    }

    /// The parse of `url` when its bytes still hash to `hash`; nil otherwise.
    func parse(of url: URL, hash: ContentHash) -> Parse? {
        guard let found = parses[url], found.hash == hash else { return nil }
        return found.parse
    }

    /// The files the walk will read below `folder`, found as it finds them.
    private static func collect(_ store: some CollectionStore, in folder: URL, into files: inout [(URL, Kind)]) {
        for entry in store.entries(in: folder) ?? [] where !entry.name.hasPrefix(".") {
            let url = folder.appendingPathComponent(entry.name)
            if entry.isFolder, entry.name == CollectionLoader.environmentsFolder {
                for file in store.entries(in: url) ?? [] where !file.isFolder && file.name.hasSuffix(".yaml") && !file.name.hasPrefix(".") {
                    files.append((url.appendingPathComponent(file.name), .environment))
                }
            } else if entry.isFolder {
                collect(store, in: url, into: &files)
            } else if entry.name == CollectionLoader.settingsFile {
                files.append((url, .collection))
            } else if CollectionLoader.isRequestFile(entry.name) {
                files.append((url, .request))
            }
        }
    }
}
