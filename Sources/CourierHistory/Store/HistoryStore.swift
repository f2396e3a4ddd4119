import Courier
import CourierCollections
import Foundation
import GRDB
#if canImport(Glibc)
import Glibc
#endif

/// The responses kept for one collection in one environment, in `history.sqlite` of its state
/// folder (DESIGN.md, "State on disk"), with bodies past `HistoryLimits.inlineBody` as files in
/// `history-bodies/` beside it. Secrets are masked before anything is written.
///
/// ```swift
/// let store = try HistoryStore(folder: StateFolder(collectionRoot: root, environment: "local", processEnvironment: env))
/// let (entry, _) = try store.record(record, redactor: redactor)
/// let body = try store.body(of: entry)
/// ```
public final class HistoryStore: Sendable {
    /// The database file's name in the state folder.
    public static let fileName = "history.sqlite"
    /// The folder of kept body files in the state folder.
    public static let bodiesFolderName = "history-bodies"

    public let folder: StateFolder
    public let limits: HistoryLimits
    private let database: DatabaseQueue

    /// The database file.
    public var path: String { folder.url.appendingPathComponent(Self.fileName).path }
    var bodiesFolder: URL { folder.url.appendingPathComponent(Self.bodiesFolderName) }

    /// Opens (or makes) the History of `folder`.
    /// - Throws: `HistoryUnavailable` when the file is not a database, is locked, or cannot be made.
    public init(folder: StateFolder, limits: HistoryLimits = .standard) throws(HistoryUnavailable) {
        self.folder = folder
        self.limits = limits
        let path = folder.url.appendingPathComponent(Self.fileName).path
        do {
            try folder.create()
        } catch {
            throw HistoryUnavailable(path: path, problem: "cannot be made (\(error))")
        }
        do {
            var configuration = Configuration()
            // Another courier writing at the same moment waits its turn; one holding the file for
            // longer makes History unavailable rather than the explorer hang.
            configuration.busyMode = .timeout(0.5)
            database = try DatabaseQueue(path: path, configuration: configuration)
            chmod(path, 0o600)
            try HistorySchema.migrator.migrate(database)
        } catch {
            throw HistoryUnavailable(path: path, error: error)
        }
    }

    // MARK: - Writing

    /// Keeps `record`, its secrets masked by `redactor`, and lets go of the request's responses
    /// past `limits.keep`.
    /// - Returns: The kept entry and the ids of those let go.
    /// - Throws: `HistoryUnavailable` when the database cannot be written.
    @discardableResult
    public func record(_ record: HistoryRecord, redactor: SecretRedactor) throws(HistoryUnavailable) -> (entry: HistoryEntry, pruned: [Int64]) {
        let headers = record.headers.map { HistoryHeader(name: $0.name, value: redactor.header($0.name, value: $0.value)) }
        let masked = MaskedBytes(record.body, redactor: redactor)
        var inline: Data?
        var body: HistoryEntry.Body
        if record.body.count <= limits.inlineBody {
            inline = masked.joined()
            body = .inline
        } else if let limit = limits.fileBody, record.body.count > limit {
            body = .tooLarge(limit: limit)
        } else if limits.fileBody == nil {
            body = .tooLarge(limit: limits.inlineBody)
        } else {
            body = keepFile(masked)
        }
        let debug = record.debugLines.map(redactor.redact)
        let values = Values(record: record, headers: headers, url: redactor.url(record.url), failure: record.failure.map(redactor.redact),
                            debug: debug, body: body)
        do {
            let (id, pruned) = try database.write { db -> (Int64, [(Int64, String?)]) in
                try db.execute(sql: """
                    INSERT INTO response (request_id, received_at, status, reason, failure, duration, headers, method, url,
                        definition, debug, content_type, body_size, body, body_file, body_limit, body_problem)
                    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                    """, arguments: values.arguments(inline: inline))
                let id = db.lastInsertedRowID
                let old = try Row.fetchAll(db, sql: "SELECT id, body_file FROM response WHERE request_id = ? ORDER BY id DESC LIMIT -1 OFFSET ?",
                                           arguments: [record.requestID, limits.keep])
                let pruned = old.map { (row: Row) in (row["id"] as Int64, row["body_file"] as String?) }
                for (old, _) in pruned { try db.execute(sql: "DELETE FROM response WHERE id = ?", arguments: [old]) }
                return (id, pruned)
            }
            for case (_, let file?) in pruned { try? FileManager.default.removeItem(at: bodiesFolder.appendingPathComponent(file)) }
            return (values.entry(id: id), pruned.map(\.0))
        } catch {
            if case .file(let name) = body { try? FileManager.default.removeItem(at: bodiesFolder.appendingPathComponent(name)) }
            throw HistoryUnavailable(path: path, error: error)
        }
    }

    /// Writes a large body to a new file of `history-bodies/` (0600, in a 0700 folder).
    private func keepFile(_ body: MaskedBytes) -> HistoryEntry.Body {
        do {
            try folder.subfolder(Self.bodiesFolderName).create()
            let name = UUID().uuidString.lowercased() + ".body"
            try BodyFile.create(bodiesFolder.appendingPathComponent(name), mode: 0o600, from: body)
            return .file(name)
        } catch let error as BodyFile.WriteError {
            return .unwritten(error.description)
        } catch {
            return .unwritten("\(error)")
        }
    }

    // MARK: - Reading

    /// The responses kept for `requestID`, oldest first, without their bodies.
    /// - Throws: `HistoryUnavailable` when the database cannot be read.
    public func entries(requestID: String) throws(HistoryUnavailable) -> [HistoryEntry] {
        do {
            return try database.read { db in
                try Row.fetchAll(db, sql: "SELECT \(HistorySchema.entryColumns) FROM response WHERE request_id = ? ORDER BY id",
                                 arguments: [requestID]).map(HistoryEntry.init(row:))
            }
        } catch {
            throw HistoryUnavailable(path: path, error: error)
        }
    }

    /// The body of `entry` as kept (secrets masked): from the database, or its file mapped, so a
    /// large one costs no heap until it is read; nil when it was not kept.
    /// - Throws: `HistoryUnavailable` when the database or the file cannot be read (a file removed by hand, say).
    public func body(of entry: HistoryEntry) throws(HistoryUnavailable) -> Data? {
        switch entry.body {
        case .tooLarge, .unwritten: return nil
        case .inline:
            do {
                return try database.read { db in
                    try Data.fetchOne(db, sql: "SELECT body FROM response WHERE id = ?", arguments: [entry.id]) ?? Data()
                }
            } catch {
                throw HistoryUnavailable(path: path, error: error)
            }
        case .file(let name):
            let file = bodiesFolder.appendingPathComponent(name)
            do {
                return try Data(contentsOf: file, options: .alwaysMapped)
            } catch {
                throw HistoryUnavailable(path: file.path, problem: "cannot be read (\(error.localizedDescription))")
            }
        }
    }

    /// The last response (one with a status) kept for `requestID`: status, headers (masked) and
    /// body (masked; nil when it was not kept). Nil when History holds none.
    /// - Throws: `HistoryUnavailable` when the database cannot be read.
    public func lastResponse(requestID: String) throws(HistoryUnavailable) -> (status: Int, headers: [(String, String)], body: Data?)? {
        guard let entry = try entries(requestID: requestID).last(where: { $0.status != nil }), let status = entry.status else { return nil }
        return (status, entry.headers.map { ($0.name, $0.value) }, try body(of: entry))
    }
}

/// The values of one row, masked, as written and as handed back.
private struct Values {
    let record: HistoryRecord
    let headers: [HistoryHeader]
    let url: String
    let failure: String?
    let debug: [String]
    let body: HistoryEntry.Body

    func arguments(inline: Data?) -> StatementArguments {
        var file: String?, limit: Int?, problem: String?
        switch body {
        case .inline: break
        case .file(let name): file = name
        case .tooLarge(let bytes): limit = bytes
        case .unwritten(let reason): problem = reason
        }
        let headerText = String(decoding: (try? JSONEncoder().encode(headers)) ?? Data("[]".utf8), as: UTF8.self)
        return [record.requestID, record.receivedAt.timeIntervalSince1970, record.status, record.reason, failure, record.duration,
                headerText, record.method, url, record.definition, debug.joined(separator: "\n"), record.contentType,
                record.body.count, inline, file, limit, problem]
    }

    func entry(id: Int64) -> HistoryEntry {
        HistoryEntry(id: id, requestID: record.requestID, receivedAt: Date(timeIntervalSince1970: record.receivedAt.timeIntervalSince1970),
                     status: record.status, reason: record.reason, failure: failure, duration: record.duration, headers: headers,
                     method: record.method, url: url, definition: record.definition, debugLines: debug,
                     contentType: record.contentType, bodySize: record.body.count, body: body)
    }
}

extension HistoryEntry {
    /// An entry from a row of `HistorySchema.entryColumns`.
    init(row: Row) {
        let headerText: String = row["headers"]
        let body: Body
        if let file: String = row["body_file"] {
            body = .file(file)
        } else if let limit: Int = row["body_limit"] {
            body = .tooLarge(limit: limit)
        } else if let problem: String = row["body_problem"] {
            body = .unwritten(problem)
        } else {
            body = .inline
        }
        let debug: String = row["debug"]
        self.init(id: row["id"], requestID: row["request_id"], receivedAt: Date(timeIntervalSince1970: row["received_at"]),
                  status: row["status"], reason: row["reason"], failure: row["failure"], duration: row["duration"],
                  headers: (try? JSONDecoder().decode([HistoryHeader].self, from: Data(headerText.utf8))) ?? [],
                  method: row["method"], url: row["url"], definition: row["definition"],
                  debugLines: debug.isEmpty ? [] : debug.components(separatedBy: "\n"), contentType: row["content_type"],
                  bodySize: row["body_size"], body: body)
    }
}

extension HistoryStore {
    /// The entry numbered `id`, nil when History no longer holds it.
    /// - Throws: `HistoryUnavailable` when the database cannot be read.
    public func entry(id: Int64) throws(HistoryUnavailable) -> HistoryEntry? {
        do {
            return try database.read { db in
                try Row.fetchOne(db, sql: "SELECT \(HistorySchema.entryColumns) FROM response WHERE id = ?", arguments: [id]).map(HistoryEntry.init(row:))
            }
        } catch {
            throw HistoryUnavailable(path: path, error: error)
        }
    }
}
