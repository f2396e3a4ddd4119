import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Stores `AuthorizationData` (in a keychain, a file, memory). Every operation is async.
public protocol AuthorizationStorageManaging: Sendable {
    /// Stores `data`, replacing what was stored.
    func saveData(_ data: AuthorizationData) async throws
    /// The stored data.
    /// - Throws: `AuthorizationError.missingAuthorizationData` when nothing is stored.
    func getData() async throws -> AuthorizationData
    /// Forgets the stored data.
    func deleteData() async throws
}

/// Keeps `AuthorizationData` in memory, for tests and short-lived tools.
public actor AuthorizationInMemoryStorage: AuthorizationStorageManaging {
    private var data: AuthorizationData?

    /// - Parameter data: What is stored at first; nothing by default.
    public init(data: AuthorizationData? = nil) { self.data = data }

    public func saveData(_ data: AuthorizationData) async throws { self.data = data }

    public func getData() async throws -> AuthorizationData {
        guard let data else { throw AuthorizationError.missingAuthorizationData }
        return data
    }

    public func deleteData() async throws { data = nil }
}

/// Authorizes requests and refreshes tokens, reading and writing them through `storage`.
public protocol AuthorizationManaging: Sendable {
    /// Where the tokens are.
    var storage: any AuthorizationStorageManaging { get }

    /// Exchanges `refreshToken` for new tokens (by calling the server).
    func refreshAuthorizationData(with refreshToken: String) async throws -> AuthorizationData
    /// Adds `Authorization: Bearer …` with a valid access token.
    /// - Throws: `AuthorizationError.expiredAccessToken` when the token must be refreshed first.
    func authorizeRequest(_ request: URLRequest) async throws -> URLRequest
    /// The stored access token when it has not expired.
    /// - Throws: `AuthorizationError.expiredAccessToken` or `.missingAuthorizationData`.
    func getValidAccessToken() async throws -> String
}

extension AuthorizationManaging {
    public func authorizeRequest(_ request: URLRequest) async throws -> URLRequest {
        let accessToken = try await getValidAccessToken()
        var request = request
        request.setValue("Bearer \(accessToken)", forHTTPHeaderField: "Authorization")
        return request
    }

    /// Refreshes the stored tokens and saves the new ones.
    public func refreshAuthorizationData() async throws {
        let refreshToken = try await storage.getData().refreshToken
        try await storage.saveData(refreshAuthorizationData(with: refreshToken))
    }

    public func getValidAccessToken() async throws -> String {
        let data = try await storage.getData()
        guard !data.isExpired else { throw AuthorizationError.expiredAccessToken }
        return data.accessToken
    }
}
