import CourierCollections

/// A loader problem of a collection file, and the request it belongs to (nil for
/// `collection.yaml`, environments and other files no request owns).
public struct Problem: Sendable, Equatable {
    /// The request whose file has the problem; nil when no request owns the file.
    public var requestId: String?
    /// What is wrong and where: file, line, column, severity and message.
    public var diagnostic: Diagnostic
    /// The file's path below the collections directory (`Demo/users/collection.yaml`), which
    /// names the folders to mark; nil takes the diagnostic's file as given.
    public var path: String?

    /// A problem of `requestId`'s file, or of a file no request owns at `path`.
    public init(requestId: String?, diagnostic: Diagnostic, path: String? = nil) {
        self.requestId = requestId
        self.diagnostic = diagnostic
        self.path = path
    }

    /// Whether it is an error, which stops the request from being sent.
    public var isError: Bool { diagnostic.severity == .error }

    /// `file:line:column: message`, as the status line and the request pane show it.
    public var located: String {
        "\(diagnostic.file):\(diagnostic.line):\(diagnostic.column): \(diagnostic.message)"
    }

    /// The marker of the severity: `✗` for an error, `!` for a warning.
    public var marker: String { isError ? "✗" : "!" }

    /// One line of the problems list: the marker and the located message.
    var listLine: String { "\(marker) \(located)" }

    /// The folder ids above the problem's request, or above its file when no request owns it,
    /// nearest last: `Demo`, `Demo/users`.
    var folders: [String] {
        let path = requestId ?? self.path ?? diagnostic.file
        let parts = path.split(separator: "/").dropLast()
        return parts.indices.map { parts[...$0].joined(separator: "/") }
    }
}

/// The file of the open request changed on disk while it has unsaved edits here.
public struct DiskConflict: Sendable, Equatable {
    /// The request whose file changed.
    public var id: String
    /// The version on disk now; nil when the file is gone or could not be read.
    public var theirs: RequestDefinition?
    /// Why the version on disk could not be read, when it could not.
    public var unreadable: Problem?

    /// A conflict over `id`'s file with the version on disk now.
    public init(id: String, theirs: RequestDefinition?, unreadable: Problem? = nil) {
        self.id = id
        self.theirs = theirs
        self.unreadable = unreadable
    }
}

extension ExplorerState {
    /// The problems of request `id`, errors first.
    public func problems(of id: String) -> [Problem] {
        let own = problems.filter { $0.requestId == id }
        return own.filter(\.isError) + own.filter { !$0.isError }
    }

    /// The first error of request `id`: the reason it is not sent.
    func firstError(of id: String) -> Problem? { problems.first { $0.requestId == id && $0.isError } }

    /// The worst severity of the problems under each tree row: requests by id, folders by
    /// everything inside them, so a collapsed folder still shows that something is wrong.
    var problemMarks: [String: Problem] {
        var marks: [String: Problem] = [:]
        for problem in problems {
            for id in (problem.requestId.map { [$0] } ?? []) + problem.folders where marks[id]?.isError != true {
                marks[id] = problem
            }
        }
        return marks
    }
}
