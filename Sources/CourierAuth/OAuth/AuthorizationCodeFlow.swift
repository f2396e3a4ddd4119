import Foundation

/// The authorization-code grant with PKCE (RFC 6749 §4.1, RFC 7636) for a native app
/// (RFC 8252): a loopback listener takes the browser's redirect, `state` and the verifier tie
/// the answer to this request.
struct AuthorizationCodeFlow: Sendable {
    let server: OAuth2Server
    let interaction: OAuth2Interaction
    let redirectPort: Int?

    /// Runs the grant to its token.
    /// - Throws: `OAuth2Error`: no authorization URL, the listener cannot start, the redirect
    ///   carries an error or another request's `state`, the code exchange is refused.
    func run() async throws -> OAuth2Token {
        let configuration = server.configuration
        guard let authorizationURL = configuration.authorizationURL,
              var components = URLComponents(url: authorizationURL, resolvingAgainstBaseURL: false) else {
            throw OAuth2Error.missingEndpoint(grant: "authorization_code", key: "an authorization URL")
        }
        let listener = try LoopbackListener(port: redirectPort ?? 0)
        let pkce = PKCE()
        let state = PKCE.randomText(bytes: 16)
        var items = components.queryItems ?? []
        items += [
            URLQueryItem(name: "response_type", value: "code"), URLQueryItem(name: "client_id", value: configuration.clientID),
            URLQueryItem(name: "redirect_uri", value: listener.redirectURI), URLQueryItem(name: "state", value: state),
            URLQueryItem(name: "code_challenge", value: pkce.challenge), URLQueryItem(name: "code_challenge_method", value: "S256"),
        ]
        if let scope = configuration.scope, !scope.isEmpty { items.append(URLQueryItem(name: "scope", value: scope)) }
        components.queryItems = items
        guard let url = components.url else {
            throw OAuth2Error.missingEndpoint(grant: "authorization_code", key: "an authorization URL that is a valid URL")
        }
        async let redirect = listener.waitForRedirect(timeout: interaction.redirectTimeout)
        interaction.prompt(.authorize(url: url, browserOpened: await interaction.openBrowser(url)))
        let query = try await redirect
        guard query["state"] == state else { throw OAuth2Error.redirectRejected(reason: "its state does not match the one sent") }
        if let error = query["error"] {
            throw OAuth2Error.refused(url: authorizationURL, status: 302, code: error, message: query["error_description"])
        }
        guard let code = query["code"], !code.isEmpty else { throw OAuth2Error.redirectRejected(reason: "it carries no code") }
        return try await server.token([
            ("grant_type", "authorization_code"), ("code", code), ("redirect_uri", listener.redirectURI), ("code_verifier", pkce.verifier),
        ])
    }
}
