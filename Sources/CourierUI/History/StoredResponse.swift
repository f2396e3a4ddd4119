/// Where History keeps a response: the entry of the database of its collection and environment.
public struct StoredResponse: Sendable, Equatable {
    /// The entry's number in that database.
    public var entry: Int64
    /// The environment whose state folder holds it (nil: none).
    public var environment: String?
    /// Whether History kept the body, so it can be read back once memory let it go.
    public var bodyKept: Bool
    /// The request file's definition as it was sent (YAML, written credentials masked), for
    /// sending it again; nil when History has none.
    public var definition: String?
    /// Read back from History (an earlier session's response) rather than received in this one.
    public var restored: Bool

    public init(entry: Int64, environment: String?, bodyKept: Bool, definition: String?, restored: Bool) {
        self.entry = entry
        self.environment = environment
        self.bodyKept = bodyKept
        self.definition = definition
        self.restored = restored
    }
}
