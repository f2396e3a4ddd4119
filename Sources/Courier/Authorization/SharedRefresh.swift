/// Runs one refresh at a time: a caller arriving while a refresh runs waits for that refresh's
/// result instead of starting another, so a burst of requests that all met an expired or
/// refused token costs the server one token request.
///
/// ```swift
/// let refresh = SharedRefresh<String>()
/// let token = try await refresh.run { try await fetchNewToken() }
/// ```
public actor SharedRefresh<Value: Sendable> {
    private var running: Task<Value, any Error>?

    public init() {}

    /// Whether a refresh is under way.
    public var isRunning: Bool { running != nil }

    /// Runs `operation`, or joins the one already running and returns its result.
    /// - Parameter operation: The refresh; run at most once for every caller that arrives while it runs.
    /// - Returns: What the refresh produced.
    /// - Throws: What the refresh threw, to every caller that waited for it.
    public func run(_ operation: @escaping @Sendable () async throws -> Value) async throws -> Value {
        if let running { return try await running.value }
        // Registered before this actor suspends, so callers arriving meanwhile join it.
        let task = Task { try await operation() }
        running = task
        defer { running = nil }
        return try await task.value
    }
}
