import CourierCollections
import CourierUI
import Foundation
import Synchronization

/// One journaled draft: the unsaved edits of a request and the version of its file they were
/// made on, as YAML a restore parses back.
struct DraftRecord: Codable, Sendable {
    /// The request's id.
    var id: String
    /// The content hash of the file version the edits were made on; nil when the file was gone.
    var baseHash: String?
    /// That version, as the request file it was read as.
    var original: String
    /// The edits, as the request file they would save.
    var draft: String
    /// Body text that does not parse yet (JSON being typed), which `draft` cannot hold.
    var bodyText: String?
    /// When it was written, seconds since 1970: the newest draft opens first.
    var written: Double
}

/// Writes the open request's unsaved edits to the state folder as they happen (DESIGN.md, "State
/// on disk"), so a crash or `kill -9` loses none of them: debounced, and off the UI thread on a
/// serial queue of its own; removed again when the edits are saved or discarded.
final class DraftJournal: Sendable {
    private let queue = DispatchQueue(label: "courier.drafts")
    /// The latest change per request id: a write scheduled before a newer one is dropped.
    private let generations = Mutex<[String: Int]>([:])
    private let inbox: Inbox
    /// How long edits must rest before they are written.
    let delay: DispatchTimeInterval

    init(inbox: Inbox, delay: DispatchTimeInterval = .milliseconds(300)) {
        self.inbox = inbox
        self.delay = delay
    }

    /// The file of request `id`'s draft in its collection's drafts folder.
    static func fileName(of id: String) -> String {
        var allowed = CharacterSet.alphanumerics
        allowed.insert(charactersIn: "-_.")
        return (id.addingPercentEncoding(withAllowedCharacters: allowed) ?? id) + ".draft.json"
    }

    /// Journals `draft` of request `id` once edits rest for `delay` (at once when `immediately`).
    func record(id: String, original: RequestDefinition, draft: RequestDefinition, bodyText: String?, baseHash: ContentHash?,
                in folder: StateFolder, immediately: Bool = false) {
        let generation = bump(id)
        let inbox = self.inbox
        let work: @Sendable () -> Void = { [self] in
            guard current(id) == generation else { return }
            let record = DraftRecord(id: id, baseHash: baseHash?.description, original: CollectionWriter.text(of: original),
                                     draft: CollectionWriter.text(of: draft), bodyText: bodyText, written: Date().timeIntervalSince1970)
            do {
                let data = try JSONEncoder().encode(record)
                try folder.write(data, to: Self.fileName(of: id))
            } catch {
                inbox.post(.report("unsaved edits of \(id) could not be journaled, so a crash would lose them: \(error)"))
            }
        }
        if immediately { queue.sync(execute: work) } else { queue.asyncAfter(deadline: .now() + delay, execute: work) }
    }

    /// Removes request `id`'s draft: its edits were saved or discarded.
    func discard(id: String, in folder: StateFolder) {
        _ = bump(id)
        queue.async { folder.remove(Self.fileName(of: id)) }
    }

    /// Waits for the writes and removals queued so far (not those still resting).
    func flush() { queue.sync {} }

    private func bump(_ id: String) -> Int {
        generations.withLock { counts in
            counts[id, default: 0] += 1
            return counts[id, default: 0]
        }
    }

    private func current(_ id: String) -> Int { generations.withLock { $0[id, default: 0] } }

    /// The drafts journaled for the collections of `tree`, newest first, as the state restores them:
    /// a file changed since its draft was written (or gone) is marked, so the restore asks.
    static func restore(_ tree: CollectionTree, processEnvironment: [String: String]) -> [RestoredDraft] {
        var found: [(written: Double, draft: RestoredDraft)] = []
        var roots: [String: URL] = [:]
        for request in tree.requests.values { roots[request.collectionRoot.standardizedFileURL.path] = request.collectionRoot }
        for root in roots.values {
            let folder = StateFolder.drafts(collectionRoot: root, processEnvironment: processEnvironment)
            for name in folder.fileNames() where name.hasSuffix(".draft.json") {
                guard let data = folder.read(name), let record = try? JSONDecoder().decode(DraftRecord.self, from: data),
                      let original = DocumentParser.request(record.original, file: name).0,
                      let draft = DocumentParser.request(record.draft, file: name).0 else { continue }
                let now = tree.request(id: record.id)
                let changed = now.map { $0.contentHash.description != record.baseHash } ?? true
                found.append((record.written, RestoredDraft(id: record.id, original: changed ? original : now?.definition ?? original,
                                                            draft: draft, bodyText: record.bodyText, changedOnDisk: changed)))
            }
        }
        return found.sorted { $0.written > $1.written }.map(\.draft)
    }
}
