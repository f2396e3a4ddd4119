import Foundation

/// The device grant (RFC 8628): ask for a device code, show the user code and URL, poll the
/// token endpoint until the user approves, declines or the code expires.
struct DeviceAuthorization: Sendable {
    let server: OAuth2Server
    let interaction: OAuth2Interaction

    /// Runs the grant to its token.
    /// - Throws: `OAuth2Error`: the device endpoint is missing or refused, the user declined,
    ///   the code expired.
    func run() async throws -> OAuth2Token {
        let configuration = server.configuration
        guard let url = configuration.deviceAuthorizationURL else {
            throw OAuth2Error.missingEndpoint(grant: "device_code", key: "a device authorization URL")
        }
        var fields: [(String, String)] = []
        if let scope = configuration.scope, !scope.isEmpty { fields.append(("scope", scope)) }
        let answer = try await server.post(url, fields)
        guard (200..<300).contains(answer.status) else {
            throw OAuth2Error.refused(url: url, status: answer.status, code: answer.fields["error"], message: answer.fields["error_description"])
        }
        // Some servers (Google's) say verification_url.
        guard let deviceCode = answer.fields["device_code"], let userCode = answer.fields["user_code"],
              let verification = (answer.fields["verification_uri"] ?? answer.fields["verification_url"]).flatMap(URL.init(string:)) else {
            throw OAuth2Error.unreadableResponse(url: url, status: answer.status, missing: "device_code, user_code and verification_uri")
        }
        interaction.prompt(.enterDeviceCode(userCode: userCode, verificationURL: verification,
                                            completeURL: answer.fields["verification_uri_complete"].flatMap(URL.init(string:))))
        var interval = answer.fields["interval"].flatMap(Double.init) ?? 5
        let deadline = ContinuousClock.now + .seconds(answer.fields["expires_in"].flatMap(Double.init) ?? 1800)
        while true {
            try await Task.sleep(for: .seconds(interval))
            guard ContinuousClock.now < deadline else { throw OAuth2Error.deviceCodeExpired(url: url) }
            let poll = try await server.post(configuration.tokenURL, [
                ("grant_type", "urn:ietf:params:oauth:grant-type:device_code"), ("device_code", deviceCode),
            ])
            switch poll.fields["error"] {
            case "authorization_pending": continue
            // RFC 8628 §3.5: every slow_down adds five seconds to the interval.
            case "slow_down": interval += 5
            case "expired_token": throw OAuth2Error.deviceCodeExpired(url: url)
            default: return try OAuth2Server.token(from: poll, url: configuration.tokenURL, now: Date())
            }
        }
    }
}
