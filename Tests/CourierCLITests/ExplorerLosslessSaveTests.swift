import CourierTestSupport
import Foundation
import Testing

/// The explorer in tmux on a user's own collection in git: saving keeps what the user wrote, and
/// a file with a typo is refused, never sent as something else.
@Suite("courier explorer keeps the user's files", .serialized)
struct ExplorerLosslessSaveTests {
    static let request = SampleFiles.createUser

    private func git(_ arguments: [String], in folder: URL) async throws -> ProcessResult {
        try await Processes.run(["git", "-C", folder.path, "-c", "user.name=t", "-c", "user.email=t@example.com"] + arguments)
    }

    @Test("Adding a header to a file with comments and unknown keys is a one-line git diff; a typo file is not sent")
    func oneLineDiff() async throws {
        try await ExclusiveTime.run { try await exclusiveOneLineDiff() }
    }

    private func exclusiveOneLineDiff() async throws {
        let repository = try TemporaryDirectory()
        try repository.write("Collections/API/collection.yaml", "name: API\nbaseUrl: http://127.0.0.1:9\n")
        try repository.write("Collections/API/create-user.yaml", Self.request)
        try repository.write("Collections/API/typo.yaml", "methd: DELETE\npath: users/1\n")
        _ = try await git(["init", "-q"], in: repository.url)
        _ = try await git(["add", "."], in: repository.url)
        _ = try await git(["commit", "-qm", "start"], in: repository.url)

        // From the repository, as a user works: messages name files relative to it.
        let session = try await TmuxSession(command: "cd \(ShellText.quote(repository.url.path)) && \(ShellText.quote(Explorer.binary)) --collections Collections; echo \"exit=$?\"",
                                            width: 120, height: 40)
        try await session.waitFor { $0.contains("create-user") }

        // The typo file is in the tree; sending it is refused with its place and the suggestion.
        try await session.send("p")
        try await session.waitFor { $0.contains("Go to request") }
        try await session.send("typo", literal: true)
        try await session.send("Enter", "C-r")
        try await session.waitFor { $0.contains("not sent: Collections/API/typo.yaml:1:1: unknown key 'methd'") }

        try await session.send("p")
        try await session.waitFor { $0.contains("Go to request") }
        try await session.send("create-user", literal: true)
        try await session.send("Enter")
        try await session.waitFor { $0.contains("POST API/create-user") }
        try await session.send("Tab", "]", "a")
        try await session.send("X-Trace", literal: true)
        try await session.send("Tab")
        try await session.send("e2e", literal: true)
        try await session.send("Enter")
        try await session.waitFor { $0.contains("[x] X-Trace") }
        try await session.send("C-s")
        try await session.waitFor { $0.contains("saved API/create-user") }
        try await session.send("q")
        let screen = try await session.waitFor { $0.contains("exit=") }
        #expect(screen.contains("exit=0"), "\(screen)")
        await session.stop()

        let numstat = try await git(["diff", "--numstat"], in: repository.url)
        #expect(numstat.stdoutText == "1\t0\tCollections/API/create-user.yaml\n", "\(numstat.stdoutText)")
        let diff = try await git(["diff", "-U0"], in: repository.url)
        #expect(diff.stdoutText.contains("\n+  - {name: X-Trace, value: e2e}\n"), "\(diff.stdoutText)")
    }
}
