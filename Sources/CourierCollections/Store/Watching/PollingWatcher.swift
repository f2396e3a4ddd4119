import Foundation
import Synchronization

/// Watches a directory by comparing snapshots (size and modification time of every file and
/// folder) a few times a second: the fallback when inotify is not available or its limit is hit.
final class PollingWatcher: Sendable {
    /// What a snapshot knows of one path.
    struct Stamp: Equatable {
        let isFolder: Bool
        let size: Int
        let modified: Double
    }

    private let directory: URL
    private let batcher: ChangeBatcher
    private let stopped = Mutex(false)
    private let interval: Duration

    init(directory: URL, interval: Duration = .milliseconds(150), batcher: ChangeBatcher) {
        self.directory = directory
        self.interval = interval
        self.batcher = batcher
    }

    /// Starts polling on a background thread.
    func start() {
        let initial = Self.snapshot(of: directory)
        Thread.detachNewThread { [self] in
            var previous = initial
            while !stopped.withLock({ $0 }) {
                Thread.sleep(forTimeInterval: Double(interval.components.attoseconds) / 1e18 + Double(interval.components.seconds))
                let current = Self.snapshot(of: directory)
                batcher.add(Self.changes(from: previous, to: current))
                previous = current
            }
        }
    }

    func stop() { stopped.withLock { $0 = true } }

    /// Every path below `directory` (relative) with its stamp.
    static func snapshot(of directory: URL) -> [String: Stamp] {
        var result: [String: Stamp] = [:]
        let root = directory.standardizedFileURL.path
        guard let enumerator = FileManager.default.enumerator(atPath: root) else { return result }
        while let path = enumerator.nextObject() as? String {
            guard let attributes = try? FileManager.default.attributesOfItem(atPath: root + "/" + path) else { continue }
            let isFolder = (attributes[.type] as? FileAttributeType) == .typeDirectory
            // Hidden names (swap files, courier's temporary files) are not collection files, and a
            // hidden folder (`.git`, with its thousands of objects) is not walked at all.
            if (path as NSString).lastPathComponent.hasPrefix(".") {
                if isFolder { enumerator.skipDescendants() }
                continue
            }
            let size = (attributes[.size] as? NSNumber)?.intValue ?? 0
            let modified = (attributes[.modificationDate] as? Date)?.timeIntervalSince1970 ?? 0
            result[path] = Stamp(isFolder: isFolder, size: size, modified: modified)
        }
        return result
    }

    /// The changes between two snapshots.
    static func changes(from old: [String: Stamp], to new: [String: Stamp]) -> [StoreChange] {
        var changes: [StoreChange] = []
        for (path, stamp) in new.sorted(by: { $0.key < $1.key }) {
            if let before = old[path] {
                if before != stamp && !stamp.isFolder { changes.append(StoreChange(.changed, path)) }
            } else {
                changes.append(StoreChange(.added, path, isFolder: stamp.isFolder))
            }
        }
        for (path, stamp) in old.sorted(by: { $0.key < $1.key }) where new[path] == nil {
            changes.append(StoreChange(.removed, path, isFolder: stamp.isFolder))
        }
        return changes
    }
}
