import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A type that modifies a request before it is sent: headers, tokens, signing.
public protocol RequestAdapting: Sendable {
    /// Modifies `request`.
    /// - Parameters:
    ///   - request: The request to adapt.
    ///   - endpointRequest: The call it belongs to.
    /// - Returns: The adapted request.
    func adapt(_ request: URLRequest, for endpointRequest: EndpointRequest) async throws -> URLRequest
}

/// A type that processes a `Response` when it arrives, before its status is judged.
public protocol ResponseProcessing: Sendable {
    /// Processes `response`.
    /// - Parameters:
    ///   - response: The response to process.
    ///   - urlRequest: The request as it was sent.
    ///   - endpointRequest: The call it belongs to.
    /// - Returns: The processed response.
    func process(_ response: Response, with urlRequest: URLRequest, for endpointRequest: EndpointRequest) async throws -> Response
}

/// A type that processes the error a failed call ends with, after the retries.
public protocol ErrorProcessing: Sendable {
    /// Processes `error`.
    /// - Parameters:
    ///   - error: The error to process.
    ///   - endpointRequest: The call that failed.
    /// - Returns: The error the call fails with.
    func process(_ error: any Error, for endpointRequest: EndpointRequest) async -> any Error
}

/// A modifier that adapts requests and processes responses.
public typealias RequestInterceptor = RequestAdapting & ResponseProcessing

extension Array where Element == any RequestAdapting {
    /// Applies every adapter in order.
    public func adapt(_ request: URLRequest, for endpointRequest: EndpointRequest) async throws -> URLRequest {
        var request = request
        for adapter in self { request = try await adapter.adapt(request, for: endpointRequest) }
        return request
    }
}

extension Array where Element == any ResponseProcessing {
    /// Applies every processor in order.
    public func process(_ response: Response, with urlRequest: URLRequest, for endpointRequest: EndpointRequest) async throws -> Response {
        var response = response
        for processor in self { response = try await processor.process(response, with: urlRequest, for: endpointRequest) }
        return response
    }
}

extension Array where Element == any ErrorProcessing {
    /// Applies every error processor in order.
    public func process(_ error: any Error, for endpointRequest: EndpointRequest) async -> any Error {
        var error = error
        for processor in self { error = await processor.process(error, for: endpointRequest) }
        return error
    }
}
