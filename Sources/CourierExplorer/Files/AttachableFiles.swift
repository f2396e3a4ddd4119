import CourierCollections
import Foundation

/// The files a request can attach as a body or multipart part.
enum AttachableFiles {
    /// Files under the request's collection that are not collection files, relative to the
    /// request's folder (as `file:` paths are written), nearest first; at most 500.
    static func near(_ request: LoadedRequest) -> [String] {
        let folder = request.file.deletingLastPathComponent().standardizedFileURL
        let root = request.collectionRoot.standardizedFileURL
        var found: [String] = []
        let enumerator = FileManager.default.enumerator(at: root, includingPropertiesForKeys: [.isRegularFileKey],
                                                        options: [.skipsHiddenFiles])
        while let url = enumerator?.nextObject() as? URL, found.count < 500 {
            let url = url.standardizedFileURL
            guard (try? url.resourceValues(forKeys: [.isRegularFileKey]))?.isRegularFile == true,
                  url.pathExtension != "yaml", !url.path.contains("/\(CollectionLoader.environmentsFolder)/") else { continue }
            found.append(relativePath(of: url, from: folder))
        }
        return found.sorted { ($0.components(separatedBy: "../").count, $0) < ($1.components(separatedBy: "../").count, $1) }
    }

    /// `./avatar.png`, `../files/avatar.png`.
    static func relativePath(of file: URL, from folder: URL) -> String {
        let target = file.pathComponents
        let base = folder.pathComponents
        var common = 0
        while common < min(target.count, base.count), target[common] == base[common] { common += 1 }
        let ups = Array(repeating: "..", count: base.count - common)
        let path = (ups + target[common...]).joined(separator: "/")
        return ups.isEmpty ? "./" + path : path
    }
}

// MARK: - Browsing a folder anywhere

extension AttachableFiles {
    /// The entries of the folder `typed` names (relative to the request's folder, absolute, or
    /// under `~`), written as `typed` plus their name, folders ending in `/` and listed first;
    /// hidden ones left out; at most 500. Nil when it is not a folder that can be read.
    /// `~` is written out as the home folder, since request files take relative or absolute paths.
    static func listing(_ typed: String, relativeTo folder: URL, home: String?) -> (folder: String, entries: [String])? {
        let url = TypedPath.resolve(typed.isEmpty ? "." : typed, relativeTo: folder, home: home)
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: url.path) else { return nil }
        let written = TypedPath.expandingHome(typed, home: home)
        let prefix = written.isEmpty || written.hasSuffix("/") ? written : written + "/"
        let entries = names.filter { !$0.hasPrefix(".") }.map { name -> (String, Bool) in
            var isFolder: ObjCBool = false
            let exists = FileManager.default.fileExists(atPath: url.appendingPathComponent(name).path, isDirectory: &isFolder)
            return (name, exists && isFolder.boolValue)
        }
        let sorted = entries.sorted { ($0.1 ? 0 : 1, $0.0) < ($1.1 ? 0 : 1, $1.0) }
        let up = url.path == "/" ? [] : [prefix + "../"]
        return (prefix, up + sorted.prefix(500).map { prefix + $0.0 + ($0.1 ? "/" : "") })
    }
}
