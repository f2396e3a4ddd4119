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
    /// record of the exchange so far (the body is the caller's to read).
    func streamingExchange(progress: (@Sendable (TransferProgress) -> Void)?) async -> StreamingExchange<R> {
        let started = ContinuousClock.now
        let prepared: PreparedRequest
        let urlRequest: URLRequest
        switch await preparedForSingleShot() {
        case .success(let ready): (prepared, urlRequest) = ready
        case .failure(let failure):
            return StreamingExchange(result: .failure(failure), debug: debugInfo(
                request: URLRequest(url: endpoint.baseUrl), prepared: nil, response: nil, error: failure, started: started, attempts: 0))
        }
        do {
            let streamed = try await endpoint.transport.stream(urlRequest, transferBody: prepared.transferBody, progress: progress)
            endpoint.cookies.store(from: streamed.response)
            let head = TransportResponse(response: streamed.response, data: Data())
            return StreamingExchange(result: .success(streamed), debug: debugInfo(
                request: urlRequest, prepared: prepared, response: head, error: nil, started: started, attempts: 1))
        } catch {
            let failure: Failure = error.kind == .cancelled ? .cancelled : .system(error)
            return StreamingExchange(result: .failure(failure), debug: debugInfo(
                request: urlRequest, prepared: prepared, response: nil, error: failure, started: started, attempts: 1))
        }
    }

    /// Sends once and has the transport write the body into the file at `destination`.
    func download(to destination: URL, progress: (@Sendable (TransferProgress) -> Void)?) async -> Result<HTTPURLResponse, Failure> {
        let urlRequest: URLRequest
        switch await preparedForSingleShot() {
        case .success(let ready): urlRequest = ready.1
        case .failure(let failure): return .failure(failure)
        }
        do {
            let response = try await endpoint.transport.download(urlRequest, to: destination, progress: progress)
            endpoint.cookies.store(from: response)
            return .success(response)
        } catch {
            return .failure(error.kind == .cancelled ? .cancelled : .system(error))
        }
    }

    /// The server's error for a response whose body was received elsewhere (into a file).
    func failure(for response: HTTPURLResponse, body: Data) -> Failure {
        serverFailure(TransportResponse(response: response, data: body))
    }
}
