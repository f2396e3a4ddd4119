import Courier

/// The command-line tools a request can be exported for; `courier curl`, `courier export` and the
/// explorer's cURL pane all go through here, so they print the same command.
public enum ExportFormat: String, Sendable, CaseIterable {
    /// `curl`, with `-L`, `--compressed` and `--max-time` as courier needs them.
    case curl
    /// HTTPie's `http`, with `--follow` and `--timeout`.
    case httpie

    /// The command for `resolved`: print it with `text()` to run it, or `text(redactedBy:)` to share it.
    /// - Throws: When the request cannot be built (bad URL, unreadable file).
    public func command(for resolved: ResolvedRequest) throws -> ShellCommand {
        switch self {
        case .curl: return try resolved.cURLCommand()
        case .httpie: return try HTTPieExporter.command(for: resolved)
        }
    }
}
