import Foundation

extension Request {
    /// Sends the request and returns the decoded value together with the final response's
    /// status, headers, raw body and debug record. Retries, adapters and processors apply as for
    /// `execute(on:)`; cancelling the surrounding `Task` cancels the request.
    ///
    /// ```swift
    /// let sent = try await GetUser(id: 1).send(on: endpoint)
    /// print(sent.statusCode, sent.value.name, sent.debug.requestDuration)
    /// ```
    /// - Parameters:
    ///   - endpoint: Where to run; nil means the request's own endpoint, then `Endpoint.default`.
    ///   - retry: How to retry this execution; nil means the endpoint's `retryStrategy`.
    ///   - progress: Called with byte counts in both directions as they change, on any thread.
    /// - Returns: The response, its value decoded as `ResponseObjectType`.
    /// - Throws: `ErrorResponse<ErrorType>`; `.cancelled` when the surrounding `Task` is cancelled.
    public func send(on endpoint: Endpoint? = nil, retry: RetryStrategy? = nil,
                     progress: (@Sendable (TransferProgress) -> Void)? = nil) async throws(ErrorResponse<ErrorType>) -> Sent<ResponseObjectType> {
        try await exchange(on: endpoint, retry: retry, progress: progress).result.get()
    }

    /// Sends the request and returns what came of it, success or failure, with the debug record
    /// either way: for tools that show every exchange, error statuses included.
    /// - Parameters:
    ///   - endpoint: Where to run; nil means the request's own endpoint, then `Endpoint.default`.
    ///   - retry: How to retry this execution; nil means the endpoint's `retryStrategy`.
    ///   - progress: Called with byte counts in both directions as they change, on any thread.
    /// - Returns: The result and the execution's `DebugInfo`.
    public func exchange(on endpoint: Endpoint? = nil, retry: RetryStrategy? = nil,
                         progress: (@Sendable (TransferProgress) -> Void)? = nil) async -> Exchange<Self> {
        guard let target = endpoint ?? self.endpoint ?? Endpoint.default else {
            return Exchange(result: .failure(.invalidRequest(.noEndpoint)), debug: .unbuilt)
        }
        let outcome = await RequestPipeline(request: self, endpoint: target, options: ExecutionOptions(retry: retry)).run(events: PipelineEvents(progress: progress))
        return Exchange(result: outcome.result, debug: outcome.debug)
    }
}
