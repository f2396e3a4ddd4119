import CourierTestSupport
import Foundation
import Testing

/// The explorer in tmux against the demo server's hostile routes: it sends through AsyncHTTPClient
/// by default, so a head cut off mid-headers is a sentence in the response pane instead of a
/// crash that loses every unsaved edit, and `--max-size` stops a gzip bomb.
@Suite("courier explorer against a hostile server", .serialized)
struct HostileExplorerTests {
    @Test("A cut-off head and a gzip bomb past --max-size end as sentences; the explorer stays up and quits cleanly")
    func survives() async throws {
        try await ExclusiveTime.run { try await exclusiveSurvives() }
    }

    private func exclusiveSurvives() async throws {
        let directory = try TemporaryDirectory()
        let url = try await TestServer.url().absoluteString
        try directory.write("API/collection.yaml", "baseUrl: \(url)\n")
        try directory.write("API/cut-head.yaml", "path: hostile/cut-head\n")
        try directory.write("API/gzip-bomb.yaml", "path: hostile/gzip-bomb?mb=64\n")
        let binary = ShellText.quote(Processes.productsDirectory.appendingPathComponent("courier").path)
        let session = try await TmuxSession(command: "\(binary) --max-size 1MB --collections \(ShellText.quote(directory.url.path)); echo \"exit=$?\"",
                                            width: 200, height: 40)
        try await session.waitFor { $0.contains("Collections") }
        for (name, sentence) in [("gzip-bomb", "size limit of 1000000 bytes"), ("cut-head", "was lost before the response was complete")] {
            try await session.send("p")
            try await session.waitFor { $0.contains("Go to request") }
            try await session.send(name, literal: true)
            try await session.send("Enter")
            try await session.waitFor { $0.contains("GET API/\(name)") }
            try await session.send("C-r")
            try await session.waitFor { $0.contains(sentence) }
        }
        try await session.send("q")
        let screen = try await session.waitFor { $0.contains("exit=") }
        #expect(screen.contains("exit=0"), "\(screen)")
    }
}
