import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The paths that send once, with no retries and no decoding: streaming and downloading.
extension RequestPipeline {
    /// Builds the request and runs cookies and adapters over it, for the single-shot paths below.
    private func preparedForSingleShot() async -> Result<(PreparedRequest, URLRequest), Failure> {
        let prepared: PreparedRequest
        do {
            prepared = try endpoint.prepare(request)
        } catch {
            return .failure(.invalidRequest(error))
        }
        var urlRequest = prepared.urlRequest
        do {
            try await adapt(&urlRequest, context: RequestContext(attempt: 1, requiresAuthentication: request.requiresAuthentication, isReplay: false))
        } catch {
            return .failure(.processing(error))
        }
        endpoint.observation.willSend(urlRequest, attempt: 1)
        return .success((prepared, urlRequest))
    }

    /// Sends once (no retries, no decoding) and returns when the response head arrives, the body
    /// streaming behind it. Cookies and adapters apply as for every request. An error status fails
    /// with the server's error, read from the first megabyte of its body.
    func stream(progress: (@Sendable (TransferProgress) -> Void)?) async -> Result<StreamedResponse, Failure> {
        let streamed: StreamedResponse
        switch await streamingExchange(progress: progress).result {
        case .success(let response): streamed = response
        case .failure(let failure): return .failure(failure)
        }
        guard streamed.response.statusCode >= 400 else { return .success(streamed) }
        var data = Data()
        do {
            for try await chunk in streamed.body where data.count < 1 << 20 { data.append(chunk) }
        } catch {
            // The status is what matters; a body cut short still names the error as far as it goes.
        }
        return .failure(serverFailure(TransportResponse(response: streamed.response, data: data)))
    }

    /// Sends once and returns when the response head arrives, whatever its status, with the
    /// record of the exchange so far (the body is the caller's to read). A response processor may
    /// ask for its one replay (a Digest challenge answered, say), as on the other paths.
    func streamingExchange(progress: (@Sendable (TransferProgress) -> Void)?) async -> StreamingExchange<R> {
        let started = ContinuousClock.now
        let prepared: PreparedRequest
        var urlRequest: URLRequest
        switch await preparedForSingleShot() {
        case .success(let ready): (prepared, urlRequest) = ready
        case .failure(let failure):
            return StreamingExchange(result: .failure(failure), debug: debugInfo(
                request: URLRequest(url: endpoint.baseUrl), prepared: nil, response: nil, error: failure, started: started, attempts: 0))
        }
        var attempts = 1
        func ended(_ failure: Failure, response: TransportResponse? = nil) -> StreamingExchange<R> {
            StreamingExchange(result: .failure(failure), debug: debugInfo(
                request: urlRequest, prepared: prepared, response: response, error: failure, started: started, attempts: attempts))
        }
        do {
            var streamed = try await withRedirectCookies { () async throws(TransportError) in try await endpoint.transport.stream(urlRequest, transferBody: prepared.transferBody, progress: progress) }
            endpoint.cookies.store(from: streamed.response)
            switch await replay(after: streamed, of: prepared, sent: urlRequest) {
            case .success(let again?):
                (urlRequest, attempts) = (again, 2)
                streamed = try await withRedirectCookies { () async throws(TransportError) in try await endpoint.transport.stream(urlRequest, transferBody: prepared.transferBody, progress: progress) }
                endpoint.cookies.store(from: streamed.response)
            case .success(nil): break
            case .failure(let failure): return ended(failure, response: TransportResponse(response: streamed.response, data: Data()))
            }
            let head = TransportResponse(response: streamed.response, data: Data())
            return StreamingExchange(result: .success(streamed), debug: debugInfo(
                request: urlRequest, prepared: prepared, response: head, error: nil, started: started, attempts: attempts))
        } catch {
            return ended(error.kind == .cancelled ? .cancelled : .system(error))
        }
    }

    /// The request to send again when a response processor asks for a replay after seeing the
    /// head of `streamed` (the body is still to come, so processors see none, and a response one
    /// makes instead is not used): adapted afresh, the refused response's transfer stopped.
    /// Nil when no processor asks.
    private func replay(after streamed: StreamedResponse, of prepared: PreparedRequest, sent urlRequest: URLRequest) async -> Result<URLRequest?, Failure> {
        guard !endpoint.modifiers.processors.isEmpty else { return .success(nil) }
        let context = RequestContext(attempt: 1, requiresAuthentication: request.requiresAuthentication, isReplay: false)
        do {
            let head = TransportResponse(response: streamed.response, data: Data())
            guard try await process(head, for: urlRequest, context: context, mayReplay: true).replay else { return .success(nil) }
            // Leaving the iteration stops the transfer of the response being replaced.
            for try await _ in streamed.body { break }
        } catch {
            return .failure(.processing(error))
        }
        var again = prepared.urlRequest
        do {
            try await adapt(&again, context: RequestContext(attempt: 2, requiresAuthentication: request.requiresAuthentication, isReplay: true))
        } catch {
            return .failure(.processing(error))
        }
        endpoint.observation.willSend(again, attempt: 2)
        return .success(again)
    }

    /// Sends once and has the transport write the body into the file at `destination`.
    func download(to destination: URL, progress: (@Sendable (TransferProgress) -> Void)?) async -> Result<HTTPURLResponse, Failure> {
        let urlRequest: URLRequest
        switch await preparedForSingleShot() {
        case .success(let ready): urlRequest = ready.1
        case .failure(let failure): return .failure(failure)
        }
        do {
            let response = try await withRedirectCookies { () async throws(TransportError) in try await endpoint.transport.download(urlRequest, to: destination, progress: progress) }
            endpoint.cookies.store(from: response)
            return .success(response)
        } catch {
            return .failure(error.kind == .cancelled ? .cancelled : .system(error))
        }
    }

    /// The server's error for a response whose body was received elsewhere (into a file).
    /// Runs a transport call with the endpoint's jar at hand for the redirects it follows.
    private func withRedirectCookies<T>(_ send: () async throws(TransportError) -> T) async throws(TransportError) -> T {
        let result: Result<T, TransportError> = await RedirectCookies.$jar.withValue(endpoint.cookies) {
            do throws(TransportError) {
                return .success(try await send())
            } catch {
                return .failure(error)
            }
        }
        return try result.get()
    }

    func failure(for response: HTTPURLResponse, body: Data) -> Failure {
        serverFailure(TransportResponse(response: response, data: body))
    }
}
