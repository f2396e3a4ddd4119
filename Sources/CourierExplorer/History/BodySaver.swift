import CourierHistory
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Writes a response body to a file the user named.
enum BodySaver {
    enum Outcome: Equatable {
        case saved(Int)
        /// A file is there and `overwrite` was not given.
        case exists
        case failed(String)
    }

    /// The file `path` names: `~/…` in the home folder, a relative path in the current folder.
    static func resolve(_ path: String, processEnvironment: [String: String]) -> URL {
        if path == "~" || path.hasPrefix("~/") {
            let home = processEnvironment["HOME"] ?? FileManager.default.homeDirectoryForCurrentUser.path
            return URL(fileURLWithPath: home + path.dropFirst())
        }
        return URL(fileURLWithPath: path, relativeTo: URL(fileURLWithPath: FileManager.default.currentDirectoryPath)).standardizedFileURL
    }

    /// Writes `data` to `target` through a temporary file beside it, so a failure never leaves
    /// half a file where a whole one was.
    static func save(_ data: Data, to target: URL, overwrite: Bool) -> Outcome {
        var isFolder: ObjCBool = false
        if FileManager.default.fileExists(atPath: target.path, isDirectory: &isFolder) {
            if isFolder.boolValue { return .failed("\(target.path) is a folder; type a file name") }
            if !overwrite { return .exists }
        }
        let folder = target.deletingLastPathComponent()
        let temporary = folder.appendingPathComponent(".\(target.lastPathComponent).\(UUID().uuidString).tmp")
        do {
            let written = try BodyFile.create(temporary, mode: 0o644, from: MaskedBytes(data))
            guard rename(temporary.path, target.path) == 0 else {
                let reason = String(cString: strerror(errno))
                unlink(temporary.path)
                return .failed("cannot replace \(target.path): \(reason)")
            }
            return .saved(written)
        } catch {
            return .failed("\(error)")
        }
    }
}
