import Courier
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Runs a manager's adapters inside Courier's pipeline, after its cookies, on every attempt.
struct AdapterBridge: RequestAdapter {
    let adapters: [any RequestAdapting]

    func adapt(_ request: URLRequest, context: RequestContext) async throws -> URLRequest {
        // Only the managers send through their endpoints, and they always set the call.
        guard let call = PipelineCall.current else { return request }
        return try await adapters.adapt(request, for: call)
    }
}

/// Runs a manager's response processors inside Courier's pipeline, before the status is judged;
/// a processor that asks for a replay (the token interceptor after a refresh) gets one.
struct ProcessorBridge: ResponseProcessor {
    let processors: [any ResponseProcessing]

    func process(_ response: TransportResponse, for request: URLRequest, context: RequestContext) async throws -> ResponseProcessingResult {
        guard let call = PipelineCall.current else { return .proceed(response) }
        let signal = ReplaySignal(isAllowed: !context.isReplay)
        let processed = try await PipelineCall.$replay.withValue(signal) {
            try await processors.process((response.data, response.response), with: request, for: call)
        }
        if signal.isRequested { return .replay }
        return .proceed(TransportResponse(response: processed.response as? HTTPURLResponse ?? response.response, data: processed.data))
    }
}

extension Endpoint {
    /// An endpoint for a manager: nothing to resolve against (routers bring absolute URLs), no
    /// retries of its own (each call brings its configuration), the manager's modifiers.
    static func manager(configuration: URLSessionConfiguration, adapters: [any RequestAdapting],
                        processors: [any ResponseProcessing]) -> Endpoint {
        let endpoint = Endpoint(baseUrl: URL(fileURLWithPath: "/"), sessionConfiguration: configuration, retryingCount: 0)
        if !adapters.isEmpty { endpoint.modifiers.add(adapter: AdapterBridge(adapters: adapters)) }
        if !processors.isEmpty { endpoint.modifiers.add(processor: ProcessorBridge(processors: processors)) }
        return endpoint
    }
}
