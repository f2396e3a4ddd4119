import CourierTestSupport
import Foundation
import Testing

/// The Auth tab in a real terminal: the auth a request inherits and the file it comes from, the
/// kind picker, and written credentials masked.
@Suite("courier explorer's Auth tab in tmux", .serialized)
struct AuthTabTerminalTests {
    static let password = "tmux-digest-password"
    static let apiKey = "tmux-written-api-key"

    @Test("inherited from API/collection.yaml, space picks a kind, credentials never on screen")
    func authTab() async throws {
        try await ExclusiveTime.run { try await exclusiveAuthTab() }
    }

    private func exclusiveAuthTab() async throws {
        let directory = try TemporaryDirectory()
        try directory.write("API/collection.yaml", """
            baseUrl: http://127.0.0.1:9
            auth:
              digest: {user: ada, password: \(Self.password), algorithm: SHA-256}
            """)
        try directory.write("API/inherits.yaml", "name: Inherits\npath: auth/digest/sha256\n")
        try directory.write("API/own.yaml", "name: Own key\npath: auth/api-key\nauth: {apiKey: {name: X-API-Key, value: \(Self.apiKey)}}\n")
        let session = try await TmuxSession(command: "\(ShellText.quote(Explorer.binary)) --collections \(ShellText.quote(directory.url.path))",
                                            width: 120, height: 40)
        try await session.waitFor { $0.contains("Collections") }
        try await session.openWithPalette("API/own", title: "Own key")
        try await session.send("Tab", "]", "]", "]")
        var screen = try await session.waitFor { $0.contains("apiKey  (space changes it)") }
        #expect(screen.contains("X-API-Key") && screen.contains("••••••") && !screen.contains(Self.apiKey), "\(screen)")

        try await session.openWithPalette("API/inherits", title: "Inherits")
        try await session.send("Tab", "]", "]", "]")
        screen = try await session.waitFor { $0.contains("inherited from") }
        #expect(screen.contains("Auth digest↑") && screen.contains("inherited  (space changes it)"), "\(screen)")
        #expect(screen.contains("API/collection.yaml") && screen.contains("SHA-256") && screen.contains("••••••"), "\(screen)")
        #expect(!screen.contains(Self.password), "\(screen)")

        try await session.send("Space")
        screen = try await session.waitFor { $0.contains("no auth, although") }
        #expect(screen.contains("sets digest") && screen.contains("● unsaved"), "\(screen)")
        try await session.send("Space", "Space", "Space")
        screen = try await session.waitFor { $0.contains("apiKey  (space changes it)") }
        #expect(screen.contains("X-API-Key") && screen.contains("header  (space: header, query)"), "\(screen)")
        #expect(!screen.contains(Self.apiKey) && !screen.contains(Self.password), "\(screen)")
    }
}
