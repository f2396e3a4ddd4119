import CourierCollections
import CourierUI
import Testing

/// The Auth tab through the pure model: the kind picker, a row per field, credentials masked, and
/// where an inherited auth comes from.
@Suite("Request editor: the Auth tab")
struct AuthTabTests {
    /// create-user open on its Auth tab, the driver having said what the collection gives it.
    private func onAuthTab(inherited: AuthDefinition?) -> Harness {
        var harness = Harness.opening("create-user", width: 120, height: 40)
        harness.press(.tab, .character("]"), .character("]"), .character("]"))
        var parent = CollectionDefinition()
        parent.auth = inherited
        parent.locations["auth"] = SourceLocation(file: "Demo/collection.yaml", line: 4, column: 1)
        let preview = Preview(curl: "", resolvedURL: nil, baseURL: nil, variables: [:], environments: [],
                              inheritedAuth: EffectiveAuth(own: nil, at: nil, settings: [parent]))
        harness.effects += harness.state.update(.previewed(id: "Demo/users/create-user", preview))
        return harness
    }

    @Test("Without auth: of its own, the tab says what is inherited and from which file, the password masked")
    func inherited() {
        let harness = onAuthTab(inherited: .digest(user: "ada", password: "lovelace", algorithm: "SHA-256"))
        let text = harness.screen.text
        #expect(text.contains("Auth digest↑"), "\(text)")
        #expect(text.contains("inherited  (space changes it)") && text.contains("inherited from Demo/collection.yaml"), "\(text)")
        #expect(text.contains("ada") && text.contains("SHA-256") && text.contains("••••••") && !text.contains("lovelace"), "\(text)")
    }

    @Test("An inherited oauth2 shows its grant's keys, its secret masked, and the token row; enter on it fetches")
    func inheritedOAuth2() {
        var oauth = OAuth2Definition(grant: .clientCredentials, tokenUrl: "{{$demo}}/oauth/token", clientId: "courier-demo")
        oauth.clientSecret = "written-client-secret"
        var harness = onAuthTab(inherited: .oauth2(oauth))
        let text = harness.screen.text
        #expect(text.contains("Auth oauth2↑") && text.contains("inherited from Demo/collection.yaml"), "\(text)")
        #expect(text.contains("tokenUrl") && text.contains("courier-demo") && !text.contains("written-client-secret"), "\(text)")
        #expect(!text.contains("refreshToken") && text.contains("enter fetches one"), "\(text)")
        // kind, the note, grant, tokenUrl, clientId, clientSecret, scope, then the token.
        for _ in 0..<7 { harness.press(.character("j")) }
        harness.press(.enter)
        #expect(harness.effects.contains { if case .fetchOAuthToken = $0 { true } else { false } }, "\(harness.effects)")
    }

    @Test("Space cycles every kind, none first; each kind shows its fields; typed credentials are masked and saved")
    func picker() throws {
        var harness = onAuthTab(inherited: .bearer("written-token"))
        var kinds: [AuthKind?] = []
        for _ in AuthKind.allCases {
            harness.press(.character(" "))
            kinds.append(harness.state.editor?.draft.auth?.kind)
            if harness.state.editor?.draft.auth?.kind == AuthKind.none {
                #expect(harness.screen.text.contains("no auth, although Demo/collection.yaml sets bearer"), "\(harness.screen.text)")
            }
            if harness.state.editor?.draft.auth?.kind == .awsSigV4 {
                let text = harness.screen.text
                #expect(text.contains("accessKey") && text.contains("sessionToken") && text.contains("service"), "\(text)")
            }
        }
        #expect(kinds == AuthKind.allCases)
        #expect(harness.screen.text.contains("tokenUrl") && harness.screen.text.contains("clientId"), "oauth2, the last kind")
        harness.press(.character(" "))
        #expect(harness.state.editor?.draft.auth == nil, "after the last kind comes inherited again")

        // The API key: named X-API-Key, sent in a header unless changed.
        for _ in 0..<4 { harness.press(.character(" ")) }
        #expect(harness.state.editor?.draft.auth == .apiKey(name: "X-API-Key", value: "", in: .header))
        harness.press(.down, .down, .enter)
        harness.type("written-api-key")
        harness.press(.enter)
        #expect(harness.state.editor?.draft.auth == .apiKey(name: "X-API-Key", value: "written-api-key", in: .header))
        let text = harness.screen.text
        #expect(text.contains("value") && text.contains("••••••") && !text.contains("written-api-key"), "\(text)")
        harness.press(.down, .character(" "), .ctrl("s"))
        let saved = try #require(harness.effects.compactMap { if case .save(_, let definition) = $0 { definition } else { nil } }.last)
        #expect(saved.auth == .apiKey(name: "X-API-Key", value: "written-api-key", in: .query))
    }
}
