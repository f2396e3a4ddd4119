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
