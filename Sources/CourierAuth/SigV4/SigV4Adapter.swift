import Courier
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Signs every request of an endpoint with AWS Signature Version 4 just before it is sent, so a
/// retry or a replay gets a fresh signature.
///
/// ```swift
/// endpoint.modifiers.add(adapter: SigV4Adapter(signer: SigV4Signer(
///     credentials: AWSCredentials(accessKeyID: key, secretAccessKey: secret),
///     scope: AWSScope(region: "eu-west-1", service: "execute-api"))))
/// ```
public struct SigV4Adapter: RequestAdapter {
    public let signer: SigV4Signer
    private let clock: @Sendable () -> Date

    /// - Parameters:
    ///   - signer: The keys and scope.
    ///   - clock: The signing time; the current time by default.
    public init(signer: SigV4Signer, clock: @escaping @Sendable () -> Date = { Date() }) {
        self.signer = signer
        self.clock = clock
    }

    public func adapt(_ request: URLRequest, context: RequestContext) async throws -> URLRequest {
        guard context.requiresAuthentication else { return request }
        return signer.sign(request, at: clock())
    }
}
