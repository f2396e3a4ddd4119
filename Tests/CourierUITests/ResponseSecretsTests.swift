import Courier
import CourierUI
import Foundation
import Testing

/// A server that echoes a token back does not put it on screen: the body is drawn masked by the
/// secrets the request was sent with, while key paths still read the body as received.
@Suite("Response body secrets")
struct ResponseSecretsTests {
    @Test("The Body and Key path tabs mask the request's secrets; the key path itself still finds the value")
    func bodyMasked() {
        var harness = Harness.opening("create-user", width: 100, height: 30)
        harness.press(.ctrl("r"))
        var snapshot = ResponsePaneTests.snapshot(1, body: #"{"headers":{"Authorization":"Bearer tok-3141592653"},"ok":true}"#)
        snapshot.redactor = SecretRedactor(secrets: ["tok-3141592653"])
        harness.receive(.finished(id: "Demo/users/create-user", snapshot))
        #expect(!harness.screen.text.contains("tok-3141592653"))
        #expect(harness.screen.text.contains("\"Authorization\": \"Bearer ••••••\""))
        // y copies what the tab shows: the body with the secret masked.
        harness.press(.tab, .tab, .character("y"))
        let copied = harness.effects.compactMap { if case .copy(let text) = $0 { text } else { nil } }.last
        #expect(copied?.contains("Bearer ••••••") == true && copied?.contains("tok-3141592653") == false, "\(copied ?? "nothing")")
        harness.press(.tab)
        // The Key path tab: the preview of headers/Authorization is masked too.
        harness.press(.tab, .tab, .character("]"), .character("]"), .enter)
        harness.type("headers/Authorization")
        #expect(harness.state.response.keyPathPreview?.problem == nil)
        #expect(!harness.screen.text.contains("tok-3141592653"))
        #expect(harness.screen.text.contains("Bearer ••••••"))
    }
}

@Suite("Request URL secrets")
struct RequestURLSecretsTests {
    @Test("The URL row masks a written api_key and a URL password, and keeps {{templates}} readable")
    func urlRowMasked() {
        var definitions = sampleDefinitions
        definitions["Demo/users/list-users"]?.path = nil
        definitions["Demo/users/list-users"]?.url = "https://ada:pw-123456@api.example.com/users?api_key=sk_live_abcdef&page=2&token={{token}}"
        var harness = Harness(width: 140, height: 30)
        harness.state.definitions = definitions
        harness.press(.character("p"))
        harness.type("list-users")
        harness.press(.enter)
        let text = harness.screen.text
        #expect(!text.contains("sk_live_abcdef") && !text.contains("pw-123456"), "\(text)")
        #expect(text.contains("api_key=••••••") && text.contains("page=2") && text.contains("token={{token}}"), "\(text)")
    }
}
