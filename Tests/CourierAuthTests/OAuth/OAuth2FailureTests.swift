import Courier
import CourierAuth
import CourierDemoServer
import CourierTestSupport
import Foundation
import Testing

/// What the user reads when a grant fails: a sentence naming the server and its answer.
@Suite("OAuth 2.0 failures")
struct OAuth2FailureTests {
    private func failure(_ configuration: OAuth2Configuration, interaction: OAuth2Interaction = OAuth2Interaction()) async throws -> OAuth2Error? {
        let server = try await TestServer.url()
        let provider = OAuth2TokenProvider(configuration: configuration, endpoint: Endpoint(baseUrl: server, retryingCount: 0),
                                           interaction: interaction)
        do {
            _ = try await provider.token()
            return nil
        } catch let error as OAuth2Error {
            return error
        }
    }

    @Test("A wrong client secret is refused as invalid_client, in a sentence naming the token URL")
    func wrongSecret() async throws {
        let server = try await TestServer.url()
        let error = try #require(try await failure(.demo(server, grant: .clientCredentials, secret: "wrong")))
        guard case .refused(let url, 401, "invalid_client", _) = error else {
            Issue.record("expected invalid_client, got \(error)")
            return
        }
        #expect(url.path == "/oauth/token")
        #expect(error.description == "The OAuth server at \(url.absoluteString) refused the request (401, invalid_client: Unknown client or wrong client secret).")
    }

    @Test("A wrong password is refused as invalid_grant")
    func wrongPassword() async throws {
        let server = try await TestServer.url()
        let error = try await failure(.demo(server, grant: .password(username: "ada", password: "babbage")))
        guard case .refused(_, 400, "invalid_grant", _)? = error else {
            Issue.record("expected invalid_grant, got \(String(describing: error))")
            return
        }
    }

    @Test("A redirect carrying another request's state is rejected, and no code is exchanged")
    func forgedState() async throws {
        // Apart from the CPU-heavy tests (ExclusiveTime): the sign-in goes through a listener thread,
        // a curl process and the demo server, and whole runs on two cores have held it past its deadline.
        try await ExclusiveTime.run {
            let server = try await TestServer.url()
            let forged = followInBrowser { url in
                URL(string: url.absoluteString.replacingOccurrences(of: "state=", with: "state=forged")) ?? url
            }
            let interaction = OAuth2Interaction(openBrowser: forged, redirectTimeout: .seconds(20))
            let error = try await failure(.demo(server, grant: .authorizationCode(), secret: nil), interaction: interaction)
            #expect(error == .redirectRejected(reason: "its state does not match the one sent"))
        }
    }

    @Test("A grant without the endpoint it needs says which key is missing")
    func missingEndpoint() async throws {
        let server = try await TestServer.url()
        var configuration = OAuth2Configuration.demo(server, grant: .deviceCode)
        configuration.deviceAuthorizationURL = nil
        let error = try await failure(configuration)
        #expect(error?.description == "The OAuth grant device_code needs a device authorization URL.")
    }
}
