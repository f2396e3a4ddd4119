import Foundation
import NIOHTTP1

/// The demo OAuth 2.0 server: `POST /oauth/token` (client_credentials, password,
/// refresh_token, device_code, authorization_code with PKCE), `POST /oauth/device` (RFC 8628),
/// `GET /oauth/authorize` (approves at once and redirects to the loopback `redirect_uri`),
/// `POST /oauth/revoke` (RFC 7009) and `GET /oauth/me` (a protected resource).
///
/// For tests: `?expires_in=N` on the token URL sets the lifetime of the tokens it issues;
/// `?interval=S&polls=N` on the device URL sets the poll interval and how many polls stay pending.
struct OAuthRoutes {
    let tokens: TokenStore
    let grants: OAuthGrants
    let configuration: DemoServerConfiguration

    func respond(to request: DemoRequest, segments: [String]) -> DemoResponse {
        switch (request.method, segments.dropFirst().first) {
        case (.POST, "token"): return token(request)
        case (.POST, "device"): return device(request)
        case (.GET, "authorize"): return authorize(request)
        case (.POST, "revoke"): return revoke(request)
        case (.GET, "me"), (.HEAD, "me"): return AuthRoutes(tokens: tokens, configuration: configuration).me(request)
        default:
            return .error(.notFound, code: "not_found",
                          message: "Use POST /oauth/token, POST /oauth/device, GET /oauth/authorize, POST /oauth/revoke or GET /oauth/me")
        }
    }

    // MARK: - Token endpoint

    private func token(_ request: DemoRequest) -> DemoResponse {
        let fields = BodyFields.parse(request) ?? [:]
        let lifetime = request.query("expires_in").flatMap(Double.init)
        let grant = fields["grant_type"] ?? ""
        // Public clients (device, authorization code with PKCE) send their id alone.
        let isPublicGrant = ["urn:ietf:params:oauth:grant-type:device_code", "authorization_code"].contains(grant)
        guard let clientID = Self.client(of: request, fields: fields, secretRequired: !isPublicGrant) else {
            return Self.oauthError(.unauthorized, "invalid_client", "Unknown client or wrong client secret")
        }
        switch grant {
        case "client_credentials":
            return issue(lifetime: lifetime, scope: fields["scope"], refresh: false)
        case "password":
            guard fields["username"] == configuration.username, fields["password"] == configuration.password else {
                return Self.oauthError(.badRequest, "invalid_grant", "Unknown username or wrong password")
            }
            return issue(lifetime: lifetime, scope: fields["scope"])
        case "refresh_token":
            guard let refresh = fields["refresh_token"], tokens.isKnown(refresh: refresh) || refresh == DemoOAuthClient.refreshToken else {
                return Self.oauthError(.badRequest, "invalid_grant", "The refresh token is unknown or revoked")
            }
            return .json(tokens.issue(lifetime: lifetime, refreshToken: refresh))
        case "urn:ietf:params:oauth:grant-type:device_code":
            switch grants.poll(fields["device_code"] ?? "") {
            case .unknown: return Self.oauthError(.badRequest, "expired_token", "The device code is unknown or expired")
            case .pending: return Self.oauthError(.badRequest, "authorization_pending", "The user has not approved yet")
            case .approved(let scope): return issue(lifetime: lifetime, scope: scope)
            }
        case "authorization_code":
            return exchange(fields, clientID: clientID, lifetime: lifetime)
        default:
            return Self.oauthError(.badRequest, "unsupported_grant_type", "Unsupported grant_type \"\(grant)\"")
        }
    }

    private func exchange(_ fields: [String: String], clientID: String, lifetime: Double?) -> DemoResponse {
        guard let code = fields["code"].flatMap(grants.redeem), code.clientID == clientID, code.redirectURI == fields["redirect_uri"] else {
            return Self.oauthError(.badRequest, "invalid_grant", "The code is unknown, used, or was issued to another client or redirect_uri")
        }
        guard let verifier = fields["code_verifier"], Self.challenge(of: verifier, method: code.method) == code.challenge else {
            return Self.oauthError(.badRequest, "invalid_grant", "The code_verifier does not match the code_challenge")
        }
        return issue(lifetime: lifetime, scope: code.scope)
    }

    private func issue(lifetime: Double?, scope: String?, refresh: Bool = true) -> DemoResponse {
        let issued = tokens.issue(lifetime: lifetime)
        // RFC 6749 §4.4.3: no refresh token for client credentials.
        return .json(OAuthTokenAnswer(accessToken: issued.accessToken, tokenType: issued.tokenType, expiresIn: issued.expiresIn,
                                      refreshToken: refresh ? issued.refreshToken : nil, scope: scope))
    }

    // MARK: - Device and browser authorization

    private func device(_ request: DemoRequest) -> DemoResponse {
        let fields = BodyFields.parse(request) ?? [:]
        guard Self.client(of: request, fields: fields, secretRequired: false) != nil else {
            return Self.oauthError(.unauthorized, "invalid_client", "Unknown client")
        }
        let interval = request.query("interval").flatMap(Double.init) ?? 1
        let (deviceCode, userCode) = grants.issueDeviceCode(pendingPolls: request.query("polls").flatMap(Int.init) ?? 1, scope: fields["scope"])
        let verification = "http://\(request.header("Host") ?? "127.0.0.1")/oauth/verify"
        return .json(DeviceAnswer(deviceCode: deviceCode, userCode: userCode, verificationURI: verification,
                                  verificationURIComplete: "\(verification)?user_code=\(userCode)", expiresIn: 300, interval: interval))
    }

    private func authorize(_ request: DemoRequest) -> DemoResponse {
        guard request.query("client_id") == DemoOAuthClient.id else {
            return .error(.badRequest, code: "invalid_client", message: "Unknown client_id")
        }
        // Loopback redirects only (RFC 8252 §7.3): the demo never sends a code elsewhere.
        guard let redirect = request.query("redirect_uri"), var target = URLComponents(string: redirect), target.scheme == "http",
              ["127.0.0.1", "localhost", "[::1]", "::1"].contains(target.host ?? "") else {
            return .error(.badRequest, code: "invalid_request", message: "redirect_uri must be an http URL on the loopback interface")
        }
        guard request.query("response_type") == "code", let challenge = request.query("code_challenge") else {
            return .error(.badRequest, code: "invalid_request", message: "Use response_type=code with a PKCE code_challenge")
        }
        let code = grants.issueCode(.init(clientID: DemoOAuthClient.id, redirectURI: redirect, challenge: challenge,
                                          method: request.query("code_challenge_method") ?? "plain", scope: request.query("scope")))
        var items = target.queryItems ?? []
        items.append(URLQueryItem(name: "code", value: code))
        if let state = request.query("state") { items.append(URLQueryItem(name: "state", value: state)) }
        target.queryItems = items
        return DemoResponse(status: .found, headers: [("Location", target.string ?? redirect)])
    }

    private func revoke(_ request: DemoRequest) -> DemoResponse {
        let fields = BodyFields.parse(request) ?? [:]
        if let token = fields["token"] { tokens.revoke(token) }
        // RFC 7009 §2.2: 200 whether or not the token was known.
        return DemoResponse(status: .ok)
    }

    // MARK: - Helpers

    /// The client id when the request names the demo client (Basic or form fields) with the
    /// right secret, or without one when `secretRequired` is false.
    private static func client(of request: DemoRequest, fields: [String: String], secretRequired: Bool) -> String? {
        var id = fields["client_id"]
        var secret = fields["client_secret"]
        if let header = request.header("Authorization"), header.hasPrefix("Basic "),
           let decoded = Data(base64Encoded: String(header.dropFirst(6))).map({ String(decoding: $0, as: UTF8.self) }),
           let colon = decoded.firstIndex(of: ":") {
            id = String(decoded[..<colon]).removingPercentEncoding
            secret = String(decoded[decoded.index(after: colon)...]).replacingOccurrences(of: "+", with: " ").removingPercentEncoding
        }
        guard id == DemoOAuthClient.id else { return nil }
        if secret == nil, !secretRequired { return id }
        return secret == DemoOAuthClient.secret ? id : nil
    }

    /// The PKCE challenge of `verifier` (RFC 7636 §4.2).
    private static func challenge(of verifier: String, method: String) -> String {
        guard method == "S256" else { return verifier }
        let hex = Array(SHA256Digest.hex(Array(verifier.utf8)).utf8)
        let bytes = stride(from: 0, to: hex.count, by: 2).compactMap { UInt8(String(decoding: hex[$0...$0 + 1], as: UTF8.self), radix: 16) }
        return Data(bytes).base64EncodedString().replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
    }

    /// RFC 6749 §5.2's error shape.
    private static func oauthError(_ status: HTTPResponseStatus, _ code: String, _ description: String) -> DemoResponse {
        .json(["error": code, "error_description": description], status: status, headers: [("Cache-Control", "no-store")])
    }
}

/// RFC 6749 §5.1's answer.
private struct OAuthTokenAnswer: Encodable {
    let accessToken: String
    let tokenType: String
    let expiresIn: Double
    let refreshToken: String?
    let scope: String?
    enum CodingKeys: String, CodingKey {
        case accessToken = "access_token", tokenType = "token_type", expiresIn = "expires_in", refreshToken = "refresh_token", scope
    }
}

/// RFC 8628 §3.2's answer.
private struct DeviceAnswer: Encodable {
    let deviceCode: String
    let userCode: String
    let verificationURI: String
    let verificationURIComplete: String
    let expiresIn: Int
    let interval: Double
    enum CodingKeys: String, CodingKey {
        case deviceCode = "device_code", userCode = "user_code", verificationURI = "verification_uri"
        case verificationURIComplete = "verification_uri_complete", expiresIn = "expires_in", interval
    }
}
