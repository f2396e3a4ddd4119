import Courier
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Talks to an OAuth server's endpoints through a Courier endpoint (so through either
/// transport): form-encoded POSTs with the client's credentials, JSON answers (RFC 6749 §5).
struct OAuth2Server: Sendable {
    let configuration: OAuth2Configuration
    /// Sends the requests; its own modifiers must not authorize them with the token being fetched.
    let endpoint: Endpoint

    /// What a token or device endpoint answered.
    struct Answer: Sendable {
        let status: Int
        let fields: Fields
    }

    /// The answer's JSON members that OAuth uses: strings, and numbers as their text.
    struct Fields: Sendable, Decodable {
        let values: [String: String]

        subscript(name: String) -> String? { values[name] }

        init(from decoder: any Decoder) throws {
            let container = try decoder.singleValueContainer()
            let raw = (try? container.decode([String: LooseScalar].self)) ?? [:]
            values = raw.compactMapValues(\.text)
        }

        init(values: [String: String]) { self.values = values }
    }

    /// A JSON member read as text whatever its type (`expires_in` arrives as `3600` or `"3600"`).
    private struct LooseScalar: Decodable {
        let text: String?
        init(from decoder: any Decoder) throws {
            let container = try decoder.singleValueContainer()
            if let string = try? container.decode(String.self) { text = string }
            else if let number = try? container.decode(Double.self) { text = number == number.rounded() ? String(Int(number)) : String(number) }
            else { text = nil }
        }
    }

    /// POSTs `fields` to `url` with the client's credentials.
    /// - Throws: `OAuth2Error.unreachable` when no answer came back.
    func post(_ url: URL, _ fields: [(String, String)]) async throws(OAuth2Error) -> Answer {
        var form = fields
        var headers: RequestHeaders = [RequestHeaderKey.accept: "application/json"]
        switch (configuration.clientSecret, configuration.clientAuthentication) {
        case (let secret?, .basic):
            // RFC 6749 §2.3.1: id and secret are form-encoded before they are joined.
            let pair = "\(FormEncoding.escape(configuration.clientID)):\(FormEncoding.escape(secret))"
            headers.authToken = .custom("Basic \(Data(pair.utf8).base64EncodedString())")
        case (let secret?, .body):
            form += [("client_id", configuration.clientID), ("client_secret", secret)]
        case (nil, _):
            form.append(("client_id", configuration.clientID))
        }
        let request = DefaultRequest<Data, String>(path: url.absoluteString, method: .post, body: .form(form), headers: headers)
        let exchange = await request.exchange(on: endpoint)
        let response: HTTPURLResponse
        let data: Data
        switch exchange.result {
        case .success(let sent): (response, data) = (sent.response, sent.data)
        case .failure(let error):
            guard let received = exchange.debug.urlResponse else { throw .unreachable(url: url, reason: error.description) }
            (response, data) = (received, exchange.debug.dataResponse ?? Data())
        }
        let parsed = (try? JSONDecoder().decode(Fields.self, from: data)) ?? Fields(values: [:])
        return Answer(status: response.statusCode, fields: parsed)
    }

    /// Asks the token endpoint for a token with `fields` (`grant_type` and the grant's own).
    /// - Throws: `OAuth2Error.refused` with the server's `error` and `error_description`, or
    ///   `.unreadableResponse` when a 2xx lacks `access_token`.
    func token(_ fields: [(String, String)], now: Date = Date()) async throws(OAuth2Error) -> OAuth2Token {
        var fields = fields
        if let scope = configuration.scope, !scope.isEmpty { fields.append(("scope", scope)) }
        let answer = try await post(configuration.tokenURL, fields)
        return try Self.token(from: answer, url: configuration.tokenURL, now: now)
    }

    /// The token in a token endpoint's answer.
    static func token(from answer: Answer, url: URL, now: Date) throws(OAuth2Error) -> OAuth2Token {
        guard (200..<300).contains(answer.status), answer.fields["error"] == nil else {
            throw .refused(url: url, status: answer.status, code: answer.fields["error"], message: answer.fields["error_description"])
        }
        guard let access = answer.fields["access_token"], !access.isEmpty else {
            throw .unreadableResponse(url: url, status: answer.status, missing: "an access_token")
        }
        let expiry = answer.fields["expires_in"].flatMap(Double.init).map { now.addingTimeInterval($0) }
        return OAuth2Token(accessToken: access, tokenType: answer.fields["token_type"] ?? "Bearer",
                           refreshToken: answer.fields["refresh_token"], expiresAt: expiry, scope: answer.fields["scope"])
    }
}
