import Foundation
import Synchronization

/// Access and refresh tokens issued by `/auth/login` and `/auth/refresh`.
final class TokenStore: Sendable {
    private struct State {
        var accessExpiry: [String: ContinuousClock.Instant] = [:]
        var refreshTokens: Set<String> = []
        var counter = 0
    }

    private let state = Mutex(State())
    private let lifetime: Double

    init(lifetime: Double) { self.lifetime = lifetime }

    struct Issued: Encodable {
        let accessToken: String
        let refreshToken: String
        let tokenType = "Bearer"
        let expiresIn: Double
        enum CodingKeys: String, CodingKey {
            case accessToken = "access_token"
            case refreshToken = "refresh_token"
            case tokenType = "token_type"
            case expiresIn = "expires_in"
        }
    }

    /// Issues a new access token valid for `lifetime` seconds (the default lifetime when nil),
    /// paired with `refreshToken` or a new one.
    func issue(lifetime requested: Double?, refreshToken: String? = nil) -> Issued {
        let seconds = requested ?? lifetime
        return state.withLock { state in
            state.counter += 1
            let access = "at-\(state.counter)-\(UUID().uuidString.prefix(8).lowercased())"
            let refresh = refreshToken ?? "rt-\(state.counter)-\(UUID().uuidString.prefix(8).lowercased())"
            state.accessExpiry[access] = .now + .milliseconds(Int(seconds * 1000))
            state.refreshTokens.insert(refresh)
            return Issued(accessToken: access, refreshToken: refresh, expiresIn: seconds)
        }
    }

    func isValid(access token: String) -> Bool {
        state.withLock { state in state.accessExpiry[token].map { $0 > .now } ?? false }
    }

    func isKnown(refresh token: String) -> Bool { state.withLock { $0.refreshTokens.contains(token) } }

    /// Forgets `token`, an access or a refresh token (`POST /oauth/revoke`).
    func revoke(_ token: String) {
        state.withLock { state in
            state.accessExpiry[token] = nil
            state.refreshTokens.remove(token)
        }
    }
}
