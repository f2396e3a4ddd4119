import CourierDemoServer
import CourierTestSupport
import Foundation
import Testing

/// The explorer in tmux with an OAuth 2.0 device-grant request: the Auth tab shows its fields
/// with the written client secret masked, Enter on the token row shows the device code in the
/// message area and then the cached token, and the request is sent with it.
@Suite("courier explorer fetches OAuth 2.0 tokens in tmux", .serialized)
struct ExplorerOAuthTerminalTests {
    @Test("Auth tab: fields, masked secret, device code in the message area, the token's expiry, a send with it")
    func deviceGrant() async throws {
        try await ExclusiveTime.run { try await exclusiveDeviceGrant() }
    }

    private func exclusiveDeviceGrant() async throws {
        let directory = try TemporaryDirectory()
        let server = try await TestServer.shared()
        try directory.write("API/collection.yaml", "baseUrl: \(server.url)\n")
        try directory.write("API/device.yaml", """
            path: oauth/me
            auth:
              oauth2:
                grant: device_code
                tokenUrl: \(server.url)/oauth/token
                deviceAuthorizationUrl: \(server.url)/oauth/device?interval=1.5
                clientId: \(DemoOAuthClient.id)
                clientSecret: \(DemoOAuthClient.secret)
                scope: profile

            """)
        let session = try await TmuxSession(command: "\(ShellText.quote(Explorer.binary)) --collections \(ShellText.quote(directory.url.path))",
                                            width: 120, height: 40)
        try await session.waitFor { $0.contains("Collections") }
        try await session.openWithPalette("API/device", title: "oauth/me")
        try await session.send("Tab", "]", "]", "]")
        var screen = try await session.waitFor { $0.contains("Auth oauth2") && $0.contains("deviceAuthorizationUrl") && $0.contains("none cached") }
        #expect(screen.contains("device_code") && screen.contains("clientSecret") && screen.contains("••••••"), "\(screen)")
        #expect(!screen.contains(DemoOAuthClient.secret), "\(screen)")

        for _ in 0..<7 { try await session.send("j") }
        try await session.send("Enter")
        screen = try await session.waitFor { $0.contains("/oauth/verify and enter ") }
        #expect(screen.contains(/Open http:\/\/127\.0\.0\.1:\d+\/oauth\/verify and enter [A-Z]{4}-[A-Z]{4}/), "\(screen)")
        screen = try await session.waitFor { $0.contains("cached, expires in") }
        #expect(screen.contains("fetched a new OAuth 2.0 token for API/device"))

        try await session.send("C-r")
        screen = try await session.waitFor { $0.contains("200 OK") }
        #expect(screen.contains("ada"), "\(screen)")
        #expect(!screen.contains(DemoOAuthClient.secret))
    }
}
