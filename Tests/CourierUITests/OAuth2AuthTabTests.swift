import CourierCollections
import CourierUI
import Testing

/// The Auth tab of an `auth: {oauth2: …}` request, through keys and the rendered screen: the
/// grant's fields, credentials written as they are masked, the token's status, grant edits checked.
@Suite("Auth tab: OAuth 2.0")
struct OAuth2AuthTabTests {
    static let literalSecret = "literal-client-secret-value"

    /// list-users turned into an OAuth 2.0 password-grant request, opened on its Auth tab.
    private func opened() -> Harness {
        var oauth = OAuth2Definition(grant: .password, tokenUrl: "{{$demo}}/oauth/token", clientId: "courier-demo")
        oauth.clientSecret = Self.literalSecret
        oauth.username = "ada"
        oauth.password = "{{password}}"
        oauth.scope = "profile"
        var definitions = sampleDefinitions
        definitions["Demo/users/list-users"]?.auth = .oauth2(oauth)
        var harness = Harness(width: 120, height: 40)
        harness.state = ExplorerState(width: 120, height: 40, tree: sampleTree, definitions: definitions, problems: [])
        harness.press(.character("p"))
        harness.type("list-users")
        harness.press(.enter, .tab, .character("]"), .character("]"), .character("]"))
        return harness
    }

    @Test("The grant's fields show; a written secret is masked, a {{variable}} stays readable; the token status shows")
    func fields() throws {
        let harness = opened()
        #expect(harness.state.editor?.tab == .auth)
        let text = harness.screen.text
        for expected in ["Auth oauth2", "grant", "password", "tokenUrl", "{{$demo}}/oauth/token", "clientId", "courier-demo",
                         "clientSecret", "••••••", "scope", "profile", "username", "ada", "{{password}}", "not read yet · enter fetches one"] {
            #expect(text.contains(expected), "missing \(expected):\n\(text)")
        }
        #expect(!text.contains(Self.literalSecret))
        #expect(!text.contains("deviceAuthorizationUrl") && !text.contains("refreshToken"), "only the grant's own keys")
    }

    @Test("Editing the grant: an unknown one is refused with the list, device_code shows its endpoint")
    func editGrant() throws {
        var harness = opened()
        // A tab opens on its first row, the kind; the grant is below it.
        harness.press(.character("j"), .enter, .ctrl("u"))
        harness.type("device")
        harness.press(.enter)
        #expect(harness.screen.text.contains("the grant is one of client_credentials, password, refresh_token, device_code, authorization_code"),
                "\(harness.screen.text)")
        guard case .oauth2(let kept)? = harness.state.editor?.draft.auth else {
            Issue.record("the draft lost its oauth2 auth")
            return
        }
        #expect(kept.grant == .password)
        harness.press(.enter, .ctrl("u"))
        harness.type("device_code")
        harness.press(.enter)
        guard case .oauth2(let changed)? = harness.state.editor?.draft.auth else { return }
        #expect(changed.grant == .deviceCode && harness.state.editor?.isDirty == true)
        #expect(harness.screen.text.contains("deviceAuthorizationUrl") && !harness.screen.text.contains("username"))
    }

    @Test("Enter on the token row asks the runtime for a token and says it is being fetched; the answer shows")
    func fetch() throws {
        var harness = opened()
        // Below the kind, grant, tokenUrl, clientId, clientSecret, scope, username and password rows.
        for _ in 0..<8 { harness.press(.character("j")) }
        harness.press(.enter)
        let fetch = harness.effects.first { if case .fetchOAuthToken = $0 { true } else { false } }
        guard case .fetchOAuthToken(let id, let definition, _)? = fetch else {
            Issue.record("expected a fetch, got \(harness.effects)")
            return
        }
        #expect(id == "Demo/users/list-users" && definition == harness.state.editor?.draft)
        #expect(harness.screen.text.contains("fetching…"))
        harness.receive(.oauthTokenRead(id: id, .cached(secondsLeft: 3600), note: "fetched a new OAuth 2.0 token for \(id)"))
        #expect(harness.screen.text.contains("cached, expires in 60 min") && harness.screen.text.contains("fetched a new OAuth 2.0 token"))
        harness.receive(.oauthTokenRead(id: id, .failed("The OAuth server at http://x/token refused the request (401, invalid_client)."), note: nil))
        #expect(harness.screen.text.contains("fetch failed: The OAuth server at http://x/token refused"))
    }

    @Test("Space on the kind row: oauth2 is the last kind, then inherited; cycling round restores the oauth2 typed")
    func cycleKinds() throws {
        var harness = opened()
        let typed = harness.state.editor?.draft.auth
        harness.press(.character(" "))
        #expect(harness.state.editor?.draft.auth == nil)
        for _ in 1..<AuthKind.allCases.count { harness.press(.character(" ")) }
        #expect(harness.state.editor?.draft.auth?.kind == .awsSigV4)
        harness.press(.character(" "))
        #expect(harness.state.editor?.draft.auth == typed)
        #expect(AuthDefinition(kind: .oauth2, values: [:]) == .oauth2(OAuth2Definition(grant: .clientCredentials, tokenUrl: "", clientId: "")))
    }
}
