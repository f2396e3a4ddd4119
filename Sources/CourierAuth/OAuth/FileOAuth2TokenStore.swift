import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Keeps tokens in a JSON file that only its owner can read (0600, in folders made 0700), so
/// they survive from one run to the next. A file that cannot be read counts as empty.
public actor FileOAuth2TokenStore: OAuth2TokenStore {
    /// The file, `oauth-tokens.json` in courier's state folder for a collection and environment.
    public let file: URL

    /// - Parameter file: Where the tokens are kept; missing folders are made on the first save.
    public init(file: URL) { self.file = file }

    public func token(for key: String) -> OAuth2Token? { load()[key] }

    /// The token filed under `key`, read without waiting for the actor: writes replace the file
    /// whole (a rename), so a read sees the old file or the new one, never half of one.
    public nonisolated func storedToken(for key: String) -> OAuth2Token? { load()[key] }

    public func save(_ token: OAuth2Token, for key: String) throws {
        var tokens = load()
        tokens[key] = token
        try write(tokens)
    }

    public func removeToken(for key: String) throws {
        var tokens = load()
        guard tokens.removeValue(forKey: key) != nil else { return }
        try write(tokens)
    }

    private nonisolated func load() -> [String: OAuth2Token] {
        guard let data = FileManager.default.contents(atPath: file.path) else { return [:] }
        return (try? Self.decoder.decode([String: OAuth2Token].self, from: data)) ?? [:]
    }

    /// Writes to a 0600 temporary file and renames it into place, so a reader never sees half a file.
    private func write(_ tokens: [String: OAuth2Token]) throws {
        let folder = file.deletingLastPathComponent()
        try makeFolder(folder)
        let data = try Self.encoder.encode(tokens)
        let temporary = folder.appendingPathComponent(".\(file.lastPathComponent).\(UUID().uuidString)")
        guard FileManager.default.createFile(atPath: temporary.path, contents: data, attributes: [.posixPermissions: 0o600]) else {
            throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: temporary.path])
        }
        chmod(temporary.path, 0o600)
        guard rename(temporary.path, file.path) == 0 else {
            let reason = String(cString: strerror(errno))
            try? FileManager.default.removeItem(at: temporary)
            throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: file.path, NSLocalizedDescriptionKey: reason])
        }
    }

    /// Makes `folder` and its missing parents, each 0700.
    private func makeFolder(_ folder: URL) throws {
        var missing: [URL] = []
        var current = folder
        while !FileManager.default.fileExists(atPath: current.path), current.path != "/" {
            missing.insert(current, at: 0)
            current.deleteLastPathComponent()
        }
        for folder in missing {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: false, attributes: [.posixPermissions: 0o700])
            chmod(folder.path, 0o700)
        }
    }

    // Made per use: coders are classes with mutable settings, not values to share between threads.
    private static var encoder: JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        encoder.dateEncodingStrategy = .secondsSince1970
        return encoder
    }

    private static var decoder: JSONDecoder {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .secondsSince1970
        return decoder
    }
}
