import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// An OAuth-style token pair and when the access token expires.
public struct AuthorizationData: Sendable, Codable, Equatable {
    public var accessToken: String
    public var refreshToken: String?
    /// Nil when unknown; the server's 401 then says when it has expired.
    public var expiresAt: Date?

    public init(accessToken: String, refreshToken: String? = nil, expiresAt: Date? = nil) {
        self.accessToken = accessToken
        self.refreshToken = refreshToken
        self.expiresAt = expiresAt
    }

    /// Expired, or expiring within `margin` seconds (so a request does not leave with a token
    /// that dies on the way).
    public func isExpired(at date: Date = Date(), margin: TimeInterval = 5) -> Bool {
        expiresAt.map { $0.timeIntervalSince(date) <= margin } ?? false
    }
}

/// Where tokens live between requests (keychain, file, memory).
public protocol AuthorizationStorageManaging: Sendable {
    func data() async -> AuthorizationData?
    func save(_ data: AuthorizationData) async throws
    func delete() async
}

/// Stores tokens in memory, for tests and short-lived tools.
public actor InMemoryAuthorizationStorage: AuthorizationStorageManaging {
    private var stored: AuthorizationData?

    public init(_ data: AuthorizationData? = nil) { stored = data }

    public func data() async -> AuthorizationData? { stored }
    public func save(_ data: AuthorizationData) async throws { stored = data }
    public func delete() async { stored = nil }
}

/// Knows where tokens are stored and how to get a new access token.
public protocol AuthorizationManaging: Sendable {
    var storage: any AuthorizationStorageManaging { get }
    /// Exchanges `data`'s refresh token for new tokens. Throwing fails every request waiting for it.
    func refresh(_ data: AuthorizationData) async throws -> AuthorizationData
}

/// Why an authorized request could not get a token.
public enum AuthorizationError: Error, CustomStringConvertible {
    case missingToken
    case missingRefreshToken
    case refreshFailed(String)

    public var description: String {
        switch self {
        case .missingToken: return "The request needs authorization, but no token is stored; log in first."
        case .missingRefreshToken: return "The access token has expired and there is no refresh token; log in again."
        case .refreshFailed(let reason): return "The access token could not be refreshed: \(reason)"
        }
    }
}

/// Attaches `Authorization: Bearer …` to requests that require authentication, refreshes the
/// token before it expires, and on a 401 refreshes once for every request that failed with the
/// same token (single flight) and replays each of them once. Register it with
/// `endpoint.modifiers.add(interceptor:)`.
public final class AuthorizationTokenInterceptor: RequestInterceptor {
    private let manager: any AuthorizationManaging
    private let refresher: SingleFlightRefresh

    public init(authorizationManager: any AuthorizationManaging) {
        manager = authorizationManager
        refresher = SingleFlightRefresh(manager: authorizationManager)
    }

    public func adapt(_ request: URLRequest, context: RequestContext) async throws -> URLRequest {
        guard context.requiresAuthentication else { return request }
        guard var data = await manager.storage.data() else { throw AuthorizationError.missingToken }
        if data.isExpired() { data = try await refresher.refresh(replacing: data.accessToken) }
        var request = request
        request.setValue("Bearer \(data.accessToken)", forHTTPHeaderField: "Authorization")
        return request
    }

    public func process(_ response: TransportResponse, for request: URLRequest, context: RequestContext) async throws -> ResponseProcessingResult {
        guard response.response.statusCode == 401, context.requiresAuthentication, !context.isReplay else { return .proceed(response) }
        let sent = request.value(forHTTPHeaderField: "Authorization").map { String($0.dropFirst("Bearer ".count)) } ?? ""
        _ = try await refresher.refresh(replacing: sent)
        return .replay
    }
}

/// One refresh at a time: callers that bring the same stale token share the refresh in flight;
/// a caller whose token was already replaced gets the new one without another refresh.
actor SingleFlightRefresh {
    private let manager: any AuthorizationManaging
    private var inFlight: Task<AuthorizationData, any Error>?

    init(manager: any AuthorizationManaging) { self.manager = manager }

    func refresh(replacing stale: String) async throws -> AuthorizationData {
        if let inFlight { return try await inFlight.value }
        // The flight is registered before anything suspends, so callers arriving meanwhile join it.
        let manager = self.manager
        let task = Task { () async throws -> AuthorizationData in
            guard let current = await manager.storage.data() else { throw AuthorizationError.missingToken }
            if current.accessToken != stale, !current.isExpired() { return current }
            guard current.refreshToken != nil else { throw AuthorizationError.missingRefreshToken }
            let fresh: AuthorizationData
            do {
                fresh = try await manager.refresh(current)
            } catch let error as AuthorizationError {
                throw error
            } catch {
                throw AuthorizationError.refreshFailed("\(error)")
            }
            try await manager.storage.save(fresh)
            return fresh
        }
        inFlight = task
        defer { inFlight = nil }
        return try await task.value
    }
}
