import Foundation
#if canImport(Glibc)
import Glibc
import Synchronization

/// Watches a directory tree with Linux inotify: a watch on every folder, added for new folders
/// as they appear. Hidden names (editors' swap files, courier's own temporary files) are not
/// reported. `init` fails when inotify is unavailable or its watch limit is reached, and the
/// store then polls instead.
final class InotifyWatcher: Sendable {
    private struct State {
        /// Watch descriptor → folder path below the directory ("" for the directory itself).
        var folders: [Int32: String] = [:]
        /// Files and folders known to exist, so a file renamed over an existing one is "changed".
        var known: Set<String> = []
        var stopped = false
        /// Set when the watch limit was hit after starting: polling takes over.
        var poller: PollingWatcher?
    }

    private static let mask = UInt32(IN_CREATE) | UInt32(IN_DELETE) | UInt32(IN_MODIFY) | UInt32(IN_CLOSE_WRITE)
        | UInt32(IN_MOVED_FROM) | UInt32(IN_MOVED_TO) | UInt32(IN_DELETE_SELF) | UInt32(IN_ONLYDIR)

    private let descriptor: Int32
    private let directory: URL
    private let batcher: ChangeBatcher
    private let state = Mutex(State())

    init?(directory: URL, batcher: ChangeBatcher) {
        descriptor = inotify_init1(Int32(IN_NONBLOCK) | Int32(IN_CLOEXEC))
        guard descriptor >= 0 else { return nil }
        self.directory = directory
        self.batcher = batcher
        guard addWatches(below: "") != nil else {
            close(descriptor)
            return nil
        }
    }

    /// Reads events on a background thread until stopped.
    func start() {
        Thread.detachNewThread { [self] in
            var buffer = [UInt8](repeating: 0, count: 64 * 1024)
            while !state.withLock({ $0.stopped }) {
                var poller = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
                guard poll(&poller, 1, 100) > 0 else { continue }
                let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
                if count > 0 { batcher.add(changes(in: buffer[0..<count])) }
            }
            close(descriptor)
        }
    }

    func stop() {
        let poller = state.withLock { state -> PollingWatcher? in
            state.stopped = true
            return state.poller
        }
        poller?.stop()
    }

    /// The watch limit was hit for a new folder: polling watches the whole tree from now on.
    private func fallBackToPolling() {
        let poller = PollingWatcher(directory: directory, batcher: batcher)
        let started = state.withLock { state -> Bool in
            guard !state.stopped, state.poller == nil else { return false }
            state.poller = poller
            state.stopped = true
            return true
        }
        if started { poller.start() }
    }

    /// Adds a watch to `folder` and every folder below it, remembering what is there.
    /// - Returns: The paths found (files and folders), or nil when a watch could not be added.
    private func addWatches(below folder: String) -> [String]? {
        let url = folder.isEmpty ? directory : directory.appendingPathComponent(folder)
        let watch = inotify_add_watch(descriptor, url.path, Self.mask)
        guard watch >= 0 else { return nil }
        state.withLock { $0.folders[watch] = folder }
        var found: [String] = []
        for name in (try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? [] where !name.hasPrefix(".") {
            let path = folder.isEmpty ? name : "\(folder)/\(name)"
            found.append(path)
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: url.appendingPathComponent(name).path, isDirectory: &isDirectory), isDirectory.boolValue {
                guard let below = addWatches(below: path) else { return nil }
                found += below
            }
        }
        state.withLock { $0.known.formUnion(found) }
        return found
    }

    /// The changes a buffer of `inotify_event`s describes; a queue overflow (watch -1) becomes
    /// `StoreChange.rescan`, since the events it stands for are gone.
    func changes(in bytes: ArraySlice<UInt8>) -> [StoreChange] {
        var changes: [StoreChange] = []
        var offset = bytes.startIndex
        // struct inotify_event { int wd; uint32_t mask, cookie, len; char name[len]; }
        while offset + 16 <= bytes.endIndex {
            func word(_ at: Int) -> UInt32 { (0..<4).reduce(UInt32(0)) { $0 | UInt32(bytes[offset + at + $1]) << (8 * $1) } }
            let watch = Int32(bitPattern: word(0))
            let mask = word(4)
            let length = Int(word(12))
            let nameBytes = bytes[(offset + 16)..<min(offset + 16 + length, bytes.endIndex)].prefix { $0 != 0 }
            offset += 16 + length
            let name = String(decoding: nameBytes, as: UTF8.self)
            if mask & UInt32(IN_Q_OVERFLOW) != 0 {
                changes.append(.rescan)
                continue
            }
            if mask & UInt32(IN_IGNORED) != 0 { state.withLock { _ = $0.folders.removeValue(forKey: watch) } }
            guard let folder = state.withLock({ $0.folders[watch] }), !name.isEmpty, !name.hasPrefix(".") else { continue }
            let path = folder.isEmpty ? name : "\(folder)/\(name)"
            let isFolder = mask & UInt32(IN_ISDIR) != 0
            changes += change(path, mask: mask, isFolder: isFolder)
        }
        return changes
    }

    private func change(_ path: String, mask: UInt32, isFolder: Bool) -> [StoreChange] {
        if mask & (UInt32(IN_DELETE) | UInt32(IN_MOVED_FROM)) != 0 {
            state.withLock { state in state.known = state.known.filter { $0 != path && !$0.hasPrefix(path + "/") } }
            return [StoreChange(.removed, path, isFolder: isFolder)]
        }
        if mask & (UInt32(IN_CREATE) | UInt32(IN_MOVED_TO)) != 0 {
            let existed = state.withLock { !$0.known.insert(path).inserted }
            guard isFolder else { return [StoreChange(existed ? .changed : .added, path)] }
            // Files may land in a new folder before its watch exists: report what is already there.
            guard let inside = addWatches(below: path) else {
                fallBackToPolling()
                return [StoreChange(.added, path, isFolder: true)]
            }
            return [StoreChange(.added, path, isFolder: true)] + inside.map { StoreChange(.added, $0) }
        }
        if mask & (UInt32(IN_MODIFY) | UInt32(IN_CLOSE_WRITE)) != 0, !isFolder {
            return [StoreChange(.changed, path)]
        }
        return []
    }
}
#else
/// No inotify on this platform: the store polls.
final class InotifyWatcher: Sendable {
    init?(directory: URL, batcher: ChangeBatcher) { nil }
    func start() {}
    func stop() {}
}
#endif
