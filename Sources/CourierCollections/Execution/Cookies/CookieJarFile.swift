import Courier
import Foundation

/// The cookie jar of a collection in an environment, kept in its state folder (DESIGN.md, "State
/// on disk") as `cookies.json`: a JSON array of cookies with their attributes, dates in ISO 8601.
public struct CookieJarFile: Sendable {
    /// The file name in the state folder.
    public static let fileName = "cookies.json"

    /// Why the file could not be read, as a sentence naming it.
    public struct ReadError: Error, Sendable, CustomStringConvertible {
        /// The sentence, naming the file.
        public let description: String
    }

    /// The state folder the jar lives in.
    public let folder: StateFolder

    /// The jar of the collection at `collectionRoot` in `environment` (nil: none).
    /// - Parameter processEnvironment: Where `XDG_STATE_HOME` and `HOME` are read.
    public init(collectionRoot: URL, environment: String?, processEnvironment: [String: String]) {
        folder = StateFolder(collectionRoot: collectionRoot, environment: environment, processEnvironment: processEnvironment)
    }

    /// The file's location.
    public var url: URL { folder.url.appendingPathComponent(Self.fileName) }

    /// The cookies saved, expired ones left out; none when there is no file.
    /// - Throws: `ReadError` when the file is there but is not a cookie jar.
    public func load() throws(ReadError) -> [Cookie] {
        guard let data = folder.read(Self.fileName) else { return [] }
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        do {
            let now = Date()
            return try decoder.decode([Cookie].self, from: data).filter { !$0.isExpired(at: now) }
        } catch {
            throw ReadError(description: "the cookie jar \(url.path) cannot be read: \(error.localizedDescription)")
        }
    }

    /// Writes `cookies` (0600, in folders 0700); an empty jar removes the file.
    /// - Throws: `CollectionWriter.SaveError` saying which path could not be written.
    public func save(_ cookies: [Cookie]) throws(CollectionWriter.SaveError) {
        guard !cookies.isEmpty else { return folder.remove(Self.fileName) }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        encoder.dateEncodingStrategy = .iso8601
        guard let data = try? encoder.encode(cookies) else { return }
        try folder.write(data, to: Self.fileName)
    }

    /// Moves an unreadable file aside as `cookies.json.unreadable`, so a new jar does not write over it.
    /// - Returns: Where it went.
    func setAside() -> URL {
        let aside = folder.url.appendingPathComponent(Self.fileName + ".unreadable")
        try? FileManager.default.removeItem(at: aside)
        try? FileManager.default.moveItem(at: url, to: aside)
        return aside
    }
}
