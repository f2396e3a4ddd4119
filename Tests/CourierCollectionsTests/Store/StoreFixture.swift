import CourierCollections
import CourierTestSupport
import Foundation
import Synchronization
import Testing

/// The two stores, so one suite runs over both.
enum StoreKind: String, CaseIterable, CustomTestStringConvertible {
    case file, memory

    var testDescription: String { rawValue }
}

/// A store of one kind with files in it, and ways to change it "from outside" (another editor,
/// `git checkout`) the way each kind can be changed.
final class StoreFixture {
    let store: any CollectionStore
    private let folder: TemporaryDirectory?

    init(_ kind: StoreKind, _ files: [String: String] = [:], gitIgnores: Bool? = nil) throws {
        switch kind {
        case .file:
            let folder = try TemporaryDirectory()
            for (path, text) in files { try folder.write(path, text) }
            self.folder = folder
            store = FileCollectionStore(directory: folder.url)
        case .memory:
            let memory = MemoryCollectionStore(gitIgnores: gitIgnores)
            try memory.seed(files)
            folder = nil
            store = memory
        }
    }

    func url(_ path: String) -> URL { store.directory.appendingPathComponent(path) }

    func text(_ path: String) -> String? { store.contents(of: url(path)).map { String(decoding: $0, as: UTF8.self) } }

    /// Writes as someone else would: in place on disk, or through the memory store's primitive.
    func writeOutside(_ path: String, _ text: String) throws {
        if folder != nil {
            try FileManager.default.createDirectory(at: url(path).deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url(path))
        } else {
            try store.write(Data(text.utf8), to: url(path), secret: false)
        }
    }

    func removeOutside(_ path: String) throws {
        if folder != nil { try FileManager.default.removeItem(at: url(path)) } else { try store.remove(url(path)) }
    }

    func renameOutside(_ path: String, to other: String) throws {
        if folder != nil { try FileManager.default.moveItem(at: url(path), to: url(other)) } else { try store.move(url(path), to: url(other)) }
    }
}

/// Collects watch batches, and waits (bounded) until they contain what a test expects.
final class ChangeLog: Sendable {
    private let seen = Mutex<Set<StoreChange>>([])

    func record(_ batch: [StoreChange]) { seen.withLock { $0.formUnion(batch) } }

    var all: Set<StoreChange> { seen.withLock { $0 } }

    /// Waits up to `seconds` for every change in `expected` to have been reported.
    func wait(for expected: Set<StoreChange>, seconds: Double = 5) async -> Set<StoreChange> {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline, !expected.isSubset(of: all) {
            try? await Task.sleep(for: .milliseconds(20))
        }
        return all
    }
}

extension StoreFixture {
    /// Saves request `id` (a `.yaml` file) changed by `change` and expects the save refused as not
    /// lossless, with `words` in the reason, the sentence naming the file and its reason, and the
    /// file left byte for byte as it was.
    func expectRefusedSave(_ id: String, saying words: String, _ change: (inout RequestDefinition) -> Void) throws {
        let before = text(id + ".yaml")
        let request = try #require(store.load().request(id: id))
        var draft = request.definition
        change(&draft)
        #expect {
            try store.saveRequest(id, draft, expecting: request.contentHash)
        } throws: { error in
            guard case StoreError.notLossless(_, let reason) = error else { return false }
            return reason.contains(words) && "\(error)".contains(reason) && "\(error)".contains(store.display(url(id + ".yaml")))
        }
        #expect(text(id + ".yaml") == before, "the file is untouched")
    }
}
