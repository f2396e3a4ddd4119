import CourierCollections
import CourierUI
import Foundation

extension ExplorerSession {
    /// Buys a new OAuth 2.0 token for the draft of `id` off the UI thread; a device code or
    /// sign-in URL shows in the message area meanwhile, the outcome in the Auth tab.
    func fetchOAuthToken(_ id: String, _ definition: RequestDefinition, _ environment: String?) {
        guard var request = tree.request(id: id) else { return }
        request.definition = definition
        let inbox = inbox
        let backend = backend
        Task {
            inbox.post(await backend.fetchOAuthToken(of: request, environment: environment, id: id))
        }
    }
}

extension ExplorerBackend {
    /// What the Auth tab shows of `request`'s cached token.
    func oauthTokenStatus(of request: LoadedRequest, resolver: RequestResolver) -> OAuthTokenStatus {
        guard case .oauth2? = EffectiveAuth(of: request)?.auth else { return .unknown }
        guard let token = resolver.cachedOAuth2Token(of: request) else { return .none }
        return .cached(secondsLeft: token.secondsLeft().map { Int($0.rounded(.down)) })
    }

    /// Buys a new token for `request` in `environment`; the action says what came of it, its
    /// sentence masked.
    func fetchOAuthToken(of request: LoadedRequest, environment: String?, id: String) async -> Action {
        do {
            let (resolver, _) = try await resolver(for: request, environment: environment)
            let token = try await resolver.fetchOAuth2Token(of: request)
            let seconds = token.secondsLeft().map { Int($0.rounded(.down)) }
            return .oauthTokenRead(id: id, .cached(secondsLeft: seconds), note: "fetched a new OAuth 2.0 token for \(id)")
        } catch {
            let sentence = secrets.redact("\(error)")
            return .oauthTokenRead(id: id, .failed(sentence), note: "no OAuth 2.0 token: \(sentence)")
        }
    }
}
