import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A collections directory on disk. Writes are atomic (a temporary file, then a rename), secret
/// files are 0600, and `watch` follows the directory with inotify (a polling fallback where
/// inotify is unavailable or out of watches).
public struct FileCollectionStore: CollectionStore {
    /// The collections directory.
    public let directory: URL
    /// Forces the polling watcher (for tests of the fallback).
    let polling: Bool

    /// A store over the collections directory `directory`.
    public init(directory: URL) {
        self.init(directory: directory, polling: false)
    }

    init(directory: URL, polling: Bool) {
        self.directory = directory.standardizedFileURL
        self.polling = polling
    }

    /// The file's bytes; nil for a folder or nothing.
    public func contents(of file: URL) -> Data? {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: file.path, isDirectory: &isDirectory), !isDirectory.boolValue else { return nil }
        return FileManager.default.contents(atPath: file.path)
    }

    /// The folder's names; nil when it is not a folder.
    public func entries(in folder: URL) -> [StoreEntry]? {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: folder.path, isDirectory: &isDirectory), isDirectory.boolValue,
              let names = try? FileManager.default.contentsOfDirectory(atPath: folder.path) else { return nil }
        return names.map { name in
            var isFolder: ObjCBool = false
            _ = FileManager.default.fileExists(atPath: folder.appendingPathComponent(name).path, isDirectory: &isFolder)
            return StoreEntry(name: name, isFolder: isFolder.boolValue)
        }
    }

    /// Writes atomically through `CollectionWriter.save`.
    public func write(_ data: Data, to file: URL, secret: Bool) throws(StoreError) {
        do {
            try CollectionWriter.save(data, to: file, secret: secret)
        } catch {
            throw .io(error.description)
        }
    }

    /// Removes a file or an empty folder.
    public func remove(_ item: URL) throws(StoreError) {
        guard FileManager.default.fileExists(atPath: item.path) else { throw .missing(file: display(item)) }
        do {
            try FileManager.default.removeItem(at: item)
        } catch {
            throw .io("could not delete \(display(item)): \(error.localizedDescription)")
        }
    }

    /// Renames a file into place (one `rename(2)`, so the bytes are untouched).
    public func move(_ item: URL, to destination: URL) throws(StoreError) {
        guard FileManager.default.fileExists(atPath: item.path) else { throw .missing(file: display(item)) }
        guard !FileManager.default.fileExists(atPath: destination.path) else {
            throw .io("could not move \(display(item)): \(display(destination)) exists already")
        }
        do {
            try FileManager.default.createDirectory(at: destination.deletingLastPathComponent(), withIntermediateDirectories: true)
        } catch {
            throw .io("could not create \(display(destination.deletingLastPathComponent())): \(error.localizedDescription)")
        }
        if rename(item.path, destination.path) != 0 {
            throw .io("could not move \(display(item)) to \(display(destination)): \(String(cString: strerror(errno)))")
        }
    }

    /// Watches with inotify, or by polling when inotify cannot be had.
    public func watch(_ onChange: @escaping @Sendable ([StoreChange]) -> Void) throws(StoreError) -> StoreWatch {
        let batcher = ChangeBatcher(deliver: onChange)
        if !polling, let inotify = InotifyWatcher(directory: directory, batcher: batcher) {
            inotify.start()
            return StoreWatch { inotify.stop(); batcher.stop() }
        }
        let poller = PollingWatcher(directory: directory, batcher: batcher)
        poller.start()
        return StoreWatch { poller.stop(); batcher.stop() }
    }

    /// Asks `git check-ignore`; nil without git or outside a work tree.
    public func isIgnoredByGit(_ file: URL) -> Bool? {
        git(["check-ignore", "-q", file.path], in: file.deletingLastPathComponent())
    }

    /// Asks `git ls-files --error-unmatch`; nil without git or outside a work tree.
    public func isTrackedByGit(_ file: URL) -> Bool? {
        git(["ls-files", "--error-unmatch", "--", file.path], in: file.deletingLastPathComponent())
    }

    /// Runs git in `folder` (or the nearest folder above it that exists): 0 is yes, 1 is no,
    /// anything else (128 outside a work tree, 127 without git) no answer.
    private func git(_ arguments: [String], in folder: URL) -> Bool? {
        var folder = folder
        while !FileManager.default.fileExists(atPath: folder.path), folder.path != "/" { folder.deleteLastPathComponent() }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["git", "-C", folder.path] + arguments
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        do {
            try process.run()
        } catch {
            return nil
        }
        process.waitUntilExit()
        switch process.terminationStatus {
        case 0: return true
        case 1: return false
        default: return nil
        }
    }
}
