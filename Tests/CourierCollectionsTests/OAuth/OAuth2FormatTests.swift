import CourierCollections
import CourierTestSupport
import Foundation
import Testing

/// `auth: {oauth2: …}` read, checked, written and edited in place.
@Suite("OAuth 2.0 in request files")
struct OAuth2FormatTests {
    static let file = """
        # My profile, with a token from the demo server
        name: Profile
        path: oauth/me
        auth:
          oauth2:
            grant: password   # the resource-owner grant
            tokenUrl: "{{$demo}}/oauth/token"
            clientId: courier-demo
            clientSecret: "{{oauthClientSecret}}"
            x-note: kept as written
            username: ada
            password: "{{password}}"

        """

    private func parsed(_ text: String) -> (OAuth2Definition?, [String]) {
        let (definition, problems) = DocumentParser.request(text, file: "r.yaml")
        guard case .oauth2(let oauth)? = definition?.auth else { return (nil, problems.map(\.description)) }
        return (oauth, problems.map(\.description))
    }

    @Test("Every key is read; an unknown key is a warning, not a lost line")
    func reads() throws {
        let (oauth, problems) = parsed(Self.file)
        let definition = try #require(oauth)
        #expect(definition.grant == .password && definition.tokenUrl == "{{$demo}}/oauth/token" && definition.clientId == "courier-demo")
        #expect(definition.clientSecret == "{{oauthClientSecret}}" && definition.username == "ada" && definition.password == "{{password}}")
        #expect(problems.count == 1 && problems[0].contains("x-note"), "\(problems)")
    }

    @Test("The generic auth model holds oauth2: fields in key order, rebuilt from them, one set, secrets, templating")
    func genericModel() throws {
        var oauth = try #require(parsed(Self.file).0)
        oauth.redirectPort = 8123
        let auth = AuthDefinition.oauth2(oauth)
        #expect(auth.kind == .oauth2 && AuthKind.oauth2.fields.map(\.key) == OAuth2Definition.keys)
        #expect(auth.fields.map(\.key) == ["grant", "tokenUrl", "clientId", "clientSecret", "username", "password", "redirectPort"])
        let values = Dictionary(uniqueKeysWithValues: auth.fields.map { ($0.key, $0.value) })
        #expect(AuthDefinition(kind: .oauth2, values: values) == auth)
        #expect(auth.setting("scope", to: "profile").value(of: "scope") == "profile")
        #expect(auth.setting("grant", to: "refresh_token").value(of: "grant") == "refresh_token")
        #expect(auth.secretValues == ["{{oauthClientSecret}}", "{{password}}"])
        let filled = auth.mapValues { _, value in value.replacingOccurrences(of: "{{password}}", with: "lovelace") }
        #expect(filled.value(of: "password") == "lovelace" && filled.value(of: "redirectPort") == "8123")
    }

    @Test("A missing key, an unknown grant, a bad clientAuth or port is an error at its place", arguments: [
        ("auth:\n  oauth2: {grant: password, tokenUrl: http://x/t, clientId: c}\n", "r.yaml:2:11: error: the oauth2 grant password needs username"),
        ("auth:\n  oauth2: {grant: device_code, clientId: c}\n", "r.yaml:2:11: error: the oauth2 grant device_code needs tokenUrl and deviceAuthorizationUrl"),
        ("auth:\n  oauth2: {grant: client_credential, tokenUrl: http://x/t, clientId: c}\n",
         "r.yaml:2:19: error: unknown oauth2 grant 'client_credential' (did you mean client_credentials?); use one of client_credentials, password, refresh_token, device_code, authorization_code"),
        ("auth:\n  oauth2: {tokenUrl: http://x/t, clientId: c}\n", "r.yaml:2:11: error: oauth2 auth needs a grant: client_credentials, password, refresh_token, device_code, authorization_code"),
        ("auth:\n  oauth2: {grant: client_credentials, tokenUrl: http://x/t, clientId: c, clientAuth: header}\n",
         "r.yaml:2:11: error: oauth2 clientAuth is basic or body, not 'header'"),
        ("auth:\n  oauth2: {grant: authorization_code, tokenUrl: http://x/t, authorizationUrl: http://x/a, clientId: c, redirectPort: 70000}\n",
         "r.yaml:2:118: error: redirectPort must be a port number from 1 to 65535"),
    ])
    func problems(text: String, expected: String) {
        let (_, problems) = parsed("path: p\n" + text)
        #expect(problems.contains { $0 == expected.replacingOccurrences(of: "r.yaml:2:", with: "r.yaml:3:") }, "\(problems)")
    }

    @Test("Written by courier, read back the same, keys in order and no empty ones")
    func writesAndReadsBack() throws {
        var definition = RequestDefinition()
        definition.path = "oauth/me"
        var oauth = OAuth2Definition(grant: .authorizationCode, tokenUrl: "https://id.example/token", clientId: "app")
        oauth.authorizationUrl = "https://id.example/authorize"
        oauth.scope = "openid profile"
        oauth.redirectPort = 8765
        definition.auth = .oauth2(oauth)
        let text = CollectionWriter.text(of: definition)
        #expect(text.contains("""
            auth:
              oauth2:
                grant: authorization_code
                tokenUrl: https://id.example/token
                authorizationUrl: https://id.example/authorize
                clientId: app
                scope: openid profile
                redirectPort: 8765
            """), "\(text)")
        #expect(DocumentParser.request(text, file: "r.yaml").0 == definition)
    }

    private func edited(_ change: (inout OAuth2Definition) -> Void) throws -> String {
        var draft = try #require(DocumentParser.request(Self.file, file: "r.yaml").0)
        guard case .oauth2(var oauth)? = draft.auth else { throw TestSupportError("no oauth2 block") }
        change(&oauth)
        draft.auth = .oauth2(oauth)
        let result = try LosslessEdit.request(Self.file, to: draft, file: "r.yaml")
        #expect(DocumentParser.request(result, file: "r.yaml").0 == draft, "reads back as the draft")
        return result
    }

    @Test("Editing one key changes its line alone: comments, the unknown key and quotes stay")
    func editsOneLine() throws {
        let result = try edited { $0.clientId = "other-client" }
        #expect(result == Self.file.replacingOccurrences(of: "clientId: courier-demo", with: "clientId: other-client"))
        let grant = try edited { $0.grant = .clientCredentials; $0.username = nil; $0.password = nil }
        #expect(grant.contains("grant: client_credentials   # the resource-owner grant") && grant.contains("x-note: kept as written"))
        #expect(!grant.contains("username") && !grant.contains("password:"))
        let scoped = try edited { $0.scope = "profile" }
        #expect(scoped.contains("clientSecret: \"{{oauthClientSecret}}\"\n    scope: profile\n    x-note"), "\(scoped)")
    }

    @Test("Switching a bearer request to oauth2 replaces the kind in place")
    func switchesKind() throws {
        let text = "path: me\nauth: {bearer: \"{{token}}\"}  # was a bearer\ntimeout: 5\n"
        var draft = try #require(DocumentParser.request(text, file: "r.yaml").0)
        draft.auth = .oauth2(OAuth2Definition(grant: .clientCredentials, tokenUrl: "http://x/token", clientId: "c"))
        let result = try LosslessEdit.request(text, to: draft, file: "r.yaml")
        #expect(DocumentParser.request(result, file: "r.yaml").0 == draft)
        #expect(result.hasPrefix("path: me\n") && result.hasSuffix("timeout: 5\n"), "\(result)")
    }
}
