import CourierTestSupport
import Foundation
import Testing

/// The explorer in tmux with a bearer token in `dev.secret.yaml` and an API key written in the
/// request: no tab shows them, `y` copies the masked cURL command and `Y` the real one, and the
/// status line says which without showing it.
@Suite("courier explorer keeps secrets off the screen in tmux", .serialized)
struct ExplorerSecretsTerminalTests {
    private static let secrets = SecretCollection.secrets

    private func tmux(_ session: TmuxSession, _ arguments: String...) async throws -> ProcessResult {
        try await Processes.run(["tmux", "-L", session.socket] + arguments)
    }

    private func expectNoSecret(_ screen: String, _ place: String, sourceLocation: SourceLocation = #_sourceLocation) {
        for secret in Self.secrets {
            #expect(!screen.contains(secret), "\(place) shows \(secret):\n\(screen)", sourceLocation: sourceLocation)
        }
    }

    @Test("cURL, Debug, Headers, History and the status line never show a secret; y and Y copy masked and real")
    func tabs() async throws {
        try await ExclusiveTime.run { try await exclusiveTabs() }
    }

    private func exclusiveTabs() async throws {
        let directory = try TemporaryDirectory()
        let server = try await TestServer.shared()
        try SecretCollection.write(directory, server: server.url, path: "echo/secret")
        let session = try await TmuxSession(command: "\(ShellText.quote(Explorer.binary)) --collections \(ShellText.quote(directory.url.path))",
                                            width: 120, height: 40)
        _ = try await tmux(session, "set", "-s", "set-clipboard", "on")
        try await session.waitFor { $0.contains("Collections") }
        try await session.send("p")
        try await session.send("API/secret", literal: true)
        try await session.send("Enter", "v")
        try await session.waitFor { $0.contains("(no environment)") }
        try await session.send("dev", literal: true)
        try await session.send("Enter", "C-r")
        var screen = try await session.waitFor { $0.contains("env: dev") && $0.contains("200 OK") }
        expectNoSecret(screen, "the body tab")

        // Response pane: Headers, Key path, cURL, Debug, History.
        try await session.send("Tab", "Tab", "]")
        expectNoSecret(try await session.waitFor { $0.contains("Content-Type") }, "the Headers tab")
        try await session.send("]", "]")
        screen = try await session.waitFor { $0.contains("curl '") }
        expectNoSecret(screen, "the cURL tab")
        #expect(screen.contains("Authorization: Bearer ••••••") && screen.contains("access_token=••••••"), "\(screen)")
        try await session.send("y")
        screen = try await session.waitFor { $0.contains("copied the cURL command, secrets masked") }
        let masked = try await tmux(session, "show-buffer").stdoutText
        #expect(masked.contains("Bearer ••••••") && !masked.contains("secret-bearer-token"), "\(masked)")

        try await session.send("Y")
        screen = try await session.waitFor { $0.contains("copied the cURL command with its secrets") }
        expectNoSecret(screen, "the status line after Y")
        let real = try await tmux(session, "show-buffer").stdoutText
        #expect(Self.secrets.allSatisfy(real.contains), "\(real)")
        let run = try await Processes.run(["sh", "-c", real + " --silent --show-error"], timeout: 20)
        #expect(run.stdoutText.contains("\"Bearer secret-bearer-token\""), "the real command runs: \(run.stdoutText)\(run.stderr)")

        try await session.send("]")
        expectNoSecret(try await session.waitFor { $0.contains("attempts") }, "the Debug tab")
        try await session.send("]")
        expectNoSecret(try await session.waitFor { $0.contains("200 OK") }, "the History tab")
        // The request pane: the Params and Headers written in the file, the token, the URL with
        // variables filled in.
        try await session.send("Tab", "Tab")
        screen = try await session.waitFor { $0.contains("[x] access_token") }
        expectNoSecret(screen, "the Params tab")
        try await session.send("]")
        screen = try await session.waitFor { $0.contains("[x] X-Api-Key") }
        expectNoSecret(screen, "the request's Headers tab")
        try await session.send("]", "]")
        screen = try await session.waitFor { $0.contains("(space changes it)") && $0.contains("token") }
        #expect(screen.contains("{{token}}"), "a template shows as written:\n\(screen)")
        try await session.send("V")
        expectNoSecret(try await session.capture(), "the URL with variables filled in")
        try await session.send("q")
        await session.stop()
    }
}
