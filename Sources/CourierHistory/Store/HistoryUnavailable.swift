import Foundation
import GRDB

/// Why History cannot be read or written, as the sentence the explorer shows before it goes on
/// without History.
public struct HistoryUnavailable: Error, Sendable, CustomStringConvertible {
    /// The database (or body file) concerned.
    public let path: String
    /// What is wrong with it: `is not a database (file is not a database)`.
    public let problem: String

    public init(path: String, problem: String) {
        self.path = path
        self.problem = problem
    }

    /// The problem a database error says, in words.
    init(path: String, error: any Error) {
        self.path = path
        guard let error = error as? DatabaseError else {
            problem = "cannot be used (\(error))"
            return
        }
        let detail = error.message ?? "\(error.resultCode)"
        switch error.resultCode {
        case .SQLITE_NOTADB: problem = "is not a database (\(detail))"
        case .SQLITE_CORRUPT: problem = "is damaged (\(detail))"
        case .SQLITE_BUSY, .SQLITE_LOCKED: problem = "is locked by another program (\(detail))"
        case .SQLITE_READONLY, .SQLITE_PERM, .SQLITE_CANTOPEN: problem = "cannot be written (\(detail))"
        default: problem = "cannot be used (\(detail))"
        }
    }

    public var description: String { "history is unavailable: \(path) \(problem); courier runs without history" }
}
