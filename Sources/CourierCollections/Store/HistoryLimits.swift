/// How much History keeps (`history:` in config.yaml): the last `keep` responses of each
/// request, bodies up to `inlineBody` bytes in the database, larger ones up to `fileBody` bytes
/// as files beside it, and anything larger dropped with a note.
public struct HistoryLimits: Sendable, Equatable {
    /// Whether responses are kept at all (`history: off` says no).
    public var enabled: Bool
    /// Responses kept per request; older ones go, with their body files.
    public var keep: Int
    /// The largest body kept inside the database, in bytes.
    public var inlineBody: Int
    /// The largest body kept as a file beside it, in bytes; nil keeps none as files.
    public var fileBody: Int?

    /// 20 responses per request, bodies to 1 MB in the database and to 200 MB as files.
    public static let standard = HistoryLimits(enabled: true, keep: 20, inlineBody: 1_000_000, fileBody: 200_000_000)

    /// - Parameters:
    ///   - enabled: Whether responses are kept at all.
    ///   - keep: Responses kept per request (at least one).
    ///   - inlineBody: The largest body kept in the database.
    ///   - fileBody: The largest body kept as a file; nil for none.
    public init(enabled: Bool, keep: Int, inlineBody: Int, fileBody: Int?) {
        self.enabled = enabled
        self.keep = max(1, keep)
        self.inlineBody = max(0, inlineBody)
        self.fileBody = fileBody
    }
}
