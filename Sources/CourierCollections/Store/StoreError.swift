import Foundation

/// Why a store operation wrote nothing (or, for `io`, could not finish). Each case prints a
/// sentence naming the file, for the explorer's status line.
public enum StoreError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The file on disk is not the version the caller read (it changed or appeared since):
    /// saving would overwrite changes nobody has seen.
    case conflict(file: String)
    /// The file cannot be edited without rewriting text the user wrote; `reason` says why.
    case notLossless(file: String, reason: String)
    /// The file or folder is not there (any more).
    case missing(file: String)
    /// A request with this id (`Demo/users/list-users`) already exists: a rename does not pick
    /// another name behind the user's back.
    case exists(id: String)
    /// The operating system refused; `sentence` says what and where.
    case io(String)

    /// A sentence for the status line.
    public var description: String {
        switch self {
        case .conflict(let file):
            return "\(file) changed on disk since it was read; nothing was written (reload it, or compare first)"
        case .notLossless(let file, let reason):
            // The reason first: a status line cuts what comes last.
            return "\(reason): \(file) cannot be edited without rewriting it, so nothing was written"
        case .missing(let file): return "\(file) is not there any more"
        case .exists(let id): return "\(id) already exists; choose another name"
        case .io(let sentence): return sentence
        }
    }
}
