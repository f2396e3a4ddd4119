import CourierTestSupport
import Foundation
import Testing

/// The explorer end to end in tmux, on a copy of the shipped collections: what a user does in a
/// session, checked on the screen, on the clipboard, with the real curl and on disk.
@Suite("courier explorer workflows in tmux", .serialized)
struct ExplorerWorkflowTests {
    private func tmux(_ session: TmuxSession, _ arguments: String...) async throws -> ProcessResult {
        try await Processes.run(["tmux", "-L", session.socket] + arguments)
    }

    /// Every file below `directory` with its bytes, by relative path.
    private func snapshot(of directory: URL) throws -> [String: Data] {
        var files: [String: Data] = [:]
        let enumerator = FileManager.default.enumerator(at: directory, includingPropertiesForKeys: [.isRegularFileKey])
        while let url = enumerator?.nextObject() as? URL {
            guard (try url.resourceValues(forKeys: [.isRegularFileKey])).isRegularFile == true else { continue }
            files[String(url.path.dropFirst(directory.path.count))] = try Data(contentsOf: url)
        }
        return files
    }

    @Test("Edit a header and the body, send, preview a key path, copy the cURL command, save, quit")
    func editSendSave() async throws {
        try await ExclusiveTime.run { try await exclusiveEditSendSave() }
    }

    /// Runs apart from other CPU-heavy or timing-sensitive tests (see `ExclusiveTime`).
    private func exclusiveEditSendSave() async throws {
        let temporary = try TemporaryDirectory()
        let collections = try temporary.copy(Checkout.collections, as: "Collections")
        let before = try snapshot(of: collections)
        let file = "/Demo/users/create-user.yaml"
        let original = try #require(before[file].map { String(decoding: $0, as: UTF8.self) })

        let binary = ShellText.quote(Explorer.binary)
        let session = try await TmuxSession(command: "\(binary) --collections \(ShellText.quote(collections.path)); echo \"exit=$?\"",
                                            width: 120, height: 40)
        _ = try await tmux(session, "set", "-s", "set-clipboard", "on")
        try await session.waitFor { $0.contains("Collections") }

        // Go to the request with the palette; it opens without sending.
        try await session.send("p")
        try await session.waitFor { $0.contains("Go to request") }
        try await session.send("create-user", literal: true)
        try await session.send("Enter")
        try await session.waitFor { $0.contains("POST Demo/users/create-user") && $0.contains("{{$demo}}/users") }

        // Headers tab: add X-Trace: e2e.
        try await session.send("Tab", "]", "a")
        try await session.send("X-Trace", literal: true)
        try await session.send("Tab")
        try await session.send("e2e", literal: true)
        try await session.send("Enter")
        var screen = try await session.waitFor { $0.contains("[x] X-Trace") && $0.contains("e2e") }
        #expect(screen.contains("● unsaved"), "an edit marks the request dirty")

        // Body tab: Lovelace becomes King in the body editor.
        try await session.send("]", "e", "Down", "End", "Left", "Left")
        for _ in 0..<8 { try await session.send("BSpace") }
        try await session.send("King", literal: true)
        try await session.send("Escape")
        try await session.waitFor { $0.contains("\"name\": \"Ada King\"") }

        // Send: the status, the body with line numbers, and the header as sent.
        try await session.send("C-r")
        screen = try await session.waitFor { $0.contains("201 Created") }
        try await session.send("Tab")
        screen = try await session.waitFor { $0.contains("┏ 201 Created") }
        #expect(screen.contains("\"id\":"), "the response body shows:\n\(screen)")
        #expect(screen.range(of: #"\d+\s+"name": "Ada King""#, options: .regularExpression) != nil, "numbered body line:\n\(screen)")

        // Key path: typing previews the converter's output live.
        try await session.send("]", "]", "Enter")
        try await session.send("data/na", literal: true)
        screen = try await session.waitFor { $0.contains("no key \"na\"") }
        try await session.send("me", literal: true)
        screen = try await session.waitFor { $0.contains("path data/name") && $0.contains("\n") && !$0.contains("no key") }
        #expect(screen.contains("\"Ada King\""))
        try await session.send("Enter")

        // cURL: the request as edited; y copies it; the real curl runs it against the explorer's demo server.
        try await session.send("]")
        screen = try await session.waitFor { $0.contains("-H 'X-Trace: e2e'") }
        try await session.send("y")
        try await session.waitFor { $0.contains("copied the cURL command, secrets masked") }
        let copied = try await tmux(session, "show-buffer").stdoutText
        #expect(copied.contains("Ada King") && copied.contains("X-Trace: e2e"))
        let curl = try await Processes.run(["bash", "-c", copied + " --silent --show-error"], timeout: 20)
        #expect(curl.status == 0, "\(curl.stderr)")
        #expect(curl.stdoutText.contains("\"name\":\"Ada King\"") || curl.stdoutText.contains("\"name\": \"Ada King\""), "\(curl.stdoutText)")

        // Debug: the header went out.
        try await session.send("]")
        screen = try await session.waitFor { $0.contains("attempts") }
        #expect(screen.contains("X-Trace: e2e"))

        // Save, quit: the file differs from the original by exactly the edit; nothing else changed.
        try await session.send("C-s")
        try await session.waitFor { $0.contains("saved Demo/users/create-user") }
        try await session.send("q")
        screen = try await session.waitFor { $0.contains("exit=") }
        #expect(screen.contains("exit=0"), "quitting after saving asks nothing:\n\(screen)")

        let after = try snapshot(of: collections)
        let saved = try #require(after[file].map { String(decoding: $0, as: UTF8.self) })
        let expected = original
            .replacingOccurrences(of: "value: \"{{$uuid}}\"}\n", with: "value: \"{{$uuid}}\"}\n  - {name: X-Trace, value: e2e}\n")
            .replacingOccurrences(of: "Ada Lovelace", with: "Ada King")
        #expect(expected != original)
        #expect(saved == expected)
        var others = after
        others[file] = nil
        var untouched = before
        untouched[file] = nil
        #expect(others == untouched, "no other file changed, and no temporary file was left")
        await session.stop()
}

    @Test("Big JSON and a slow drip: live progress, cancel one, scroll the other to its end")
    func progressCancelScroll() async throws {
        try await ExclusiveTime.run { try await exclusiveProgressCancelScroll() }
    }

    /// Runs apart from other CPU-heavy or timing-sensitive tests (see `ExclusiveTime`).
    private func exclusiveProgressCancelScroll() async throws {
        let temporary = try TemporaryDirectory()
        let collections = try temporary.copy(Checkout.collections, as: "Collections")
        let binary = ShellText.quote(Explorer.binary)
        // Bodies past 8 MB are spooled to a file in TMPDIR while they arrive (ResponseSpoolingTests).
        let spool = try TemporaryDirectory()
        let session = try await TmuxSession(command: "\(binary) --collections \(ShellText.quote(collections.path)); echo \"exit=$?\"",
                                            width: 120, height: 40, environment: ["TMPDIR": spool.url.path])
        try await session.waitFor { $0.contains("Collections") }

        // The slow drip: 4000 bytes over 3 s; progress moves while the UI keeps answering keys.
        try await session.send("p")
        try await session.send("slow-drip", literal: true)
        try await session.send("Enter")
        try await session.waitFor { $0.contains("GET Demo/big/slow-drip") }
        try await session.send("C-r")
        let first = try await session.waitFor { $0.range(of: #"↓ [0-9.]+ [KB]+ of 4\.0 KB · [1-9]\d?%"#, options: .regularExpression) != nil }
        let firstLine = first.split(separator: "\n").first { $0.contains("↓") }.map(String.init) ?? ""
        try await session.send("]")
        let later = try await session.waitFor { screen in
            let line = screen.split(separator: "\n").first { $0.contains("↓") }.map(String.init) ?? ""
            return !line.isEmpty && line != firstLine && screen.contains("Headers")
        }
        #expect(later.contains("esc cancels"))
        try await session.send("Escape")
        let cancelled = try await session.waitFor { $0.contains("cancelled after") }
        #expect(cancelled.range(of: #"cancelled after [0-9.]+ m?s, [0-9.]+ [KB]+ received"#, options: .regularExpression) != nil, "\(cancelled)")

        // The big JSON: 17 MB, then G goes to its last line.
        try await session.send("p")
        try await session.send("big-json", literal: true)
        try await session.send("Enter")
        try await session.waitFor { $0.contains("GET Demo/big/big-json") }
        try await session.send("C-r")
        try await session.waitFor(timeout: 120) { $0.contains("200 OK · 18 MB") }
        try await session.send("Tab", "Tab", "G")
        let end = try await session.waitFor { $0.contains("\"count\": ") }
        // Body lines start right after the focused pane's heavy border with their line number.
        let numbers = end.split(separator: "\n").compactMap { line -> Int? in
            guard let bar = line.firstIndex(of: "┃") else { return nil }
            return Int(String(line[line.index(after: bar)...].drop { $0 == " " }.prefix { $0.isNumber }))
        }
        let last = try #require(numbers.max())
        #expect(last > 1_000_000, "a 17 MB body pretty-prints to over a million lines; the last shown is \(last)")
        #expect(end.contains("\(last)  }"), "the last line is the closing brace:\n\(end)")
        try await session.send("g")
        try await session.waitFor { $0.contains("1  {") }
        #expect(try FileManager.default.contentsOfDirectory(atPath: spool.url.path).filter { $0.hasPrefix("courier-response-") }.isEmpty,
                "the spooled body's file is gone once mapped")

        // Search runs in the background and takes the cursor to the one match, far down.
        try await session.send("/")
        try await session.send("user77777@", literal: true)
        try await session.send("Enter")
        let found = try await session.waitFor(timeout: 60) { $0.contains("1 line matches \"user77777@\"") }
        #expect(found.contains("\"email\": \"user77777@example.com\""), "the cursor is on the match:\n\(found)")

        try await session.send("q")
        let screen = try await session.waitFor { $0.contains("exit=") }
        #expect(screen.contains("exit=0"))
        await session.stop()
}
}

/// Environments, `$EDITOR` and collection file operations in a real terminal.
@Suite("courier explorer environments and files in tmux", .serialized)
struct ExplorerFilesTests {
    private func text(_ url: URL) -> String? {
        FileManager.default.contents(atPath: url.path).map { String(decoding: $0, as: UTF8.self) }
    }

    @Test("Switch to an environment, edit its variables and a secret, edit a body in $EDITOR, and manage request files")
    func environmentsEditorFiles() async throws {
        try await ExclusiveTime.run { try await exclusiveEnvironmentsEditorFiles() }
    }

    /// Runs apart from other CPU-heavy or timing-sensitive tests (see `ExclusiveTime`).
    private func exclusiveEnvironmentsEditorFiles() async throws {
        let temporary = try TemporaryDirectory()
        let collections = try temporary.copy(Checkout.collections, as: "Collections")
        let demo = collections.appendingPathComponent("Demo")
        let binary = ShellText.quote(Explorer.binary)
        // The "editor" rewrites the file it is given, as a person would.
        let session = try await TmuxSession(command: "\(binary) --collections \(ShellText.quote(collections.path)); echo \"exit=$?\"",
                                            width: 120, height: 40, environment: ["EDITOR": "sed -i s/Lovelace/Byron/", "VISUAL": ""])
        try await session.waitFor { $0.contains("Collections") }

        // The local environment sets userId 3.
        try await session.send("p")
        try await session.send("get-user", literal: true)
        try await session.send("Enter", "v")
        try await session.waitFor { $0.contains("(no environment)") }
        try await session.send("local", literal: true)
        try await session.send("Enter", "C-r")
        try await session.waitFor { $0.contains("env: local") && $0.contains("200 OK") && $0.contains("\"id\": 3") }

        // ctrl-e: userId becomes 4, apiKey is added as a secret; saving writes both files.
        try await session.send("C-e")
        try await session.waitFor { $0.contains("Environment local") }
        try await session.send("Enter", "C-u")
        try await session.send("4", literal: true)
        try await session.send("Enter", "a")
        try await session.send("apiKey", literal: true)
        try await session.send("Tab")
        try await session.send("k-123", literal: true)
        try await session.send("Enter", "Space")
        var screen = try await session.waitFor { $0.contains("apiKey is secret") }
        #expect(!screen.contains("k-123"), "secret values are masked")
        try await session.send("C-s")
        try await session.waitFor { $0.contains("saved environment local") }
        try await session.send("Escape")
        try await session.waitFor { !$0.contains("Environment local") }
        try await session.send("C-r")
        try await session.waitFor { $0.contains("\"id\": 4") }
        #expect(text(demo.appendingPathComponent("environments/local.yaml")) == "userId: \"4\"\n")
        let secret = demo.appendingPathComponent("environments/local.secret.yaml")
        #expect(text(secret) == "apiKey: k-123\n")
        let mode = try FileManager.default.attributesOfItem(atPath: secret.path)[.posixPermissions] as? Int
        #expect(mode == 0o600)

        // E hands the body to $EDITOR; the edit comes back into the draft and is saved.
        try await session.send("p")
        try await session.send("create-user", literal: true)
        try await session.send("Enter", "Tab", "]", "]", "E")
        screen = try await session.waitFor { $0.contains("\"name\": \"Ada Byron\"") }
        #expect(screen.contains("● unsaved"))
        try await session.send("C-s")
        try await session.waitFor { $0.contains("saved Demo/users/create-user") }
        #expect(text(demo.appendingPathComponent("users/create-user.yaml"))?.contains("name: Ada Byron") == true)

        // Duplicate, rename, move, delete, create: each a file on disk, and the tree follows.
        try await session.send("BTab", "D")
        try await session.waitFor { $0.contains("create-a-user-copy") }
        #expect(FileManager.default.fileExists(atPath: demo.appendingPathComponent("users/create-a-user-copy.yaml").path))
        // R renames the file: the prompt holds the file's stem; the title is the Name row's.
        try await session.send("R")
        try await session.waitFor { $0.contains("Rename the file of Demo/users/create-a-user-copy") && $0.contains("create-a-user-copy") }
        try await session.send("C-u")
        try await session.send("renamed-one", literal: true)
        try await session.send("Enter")
        try await session.waitFor { $0.contains("renamed-one") }
        // Rename changes the id (the file name) only; the title stays as the copy wrote it.
        #expect(text(demo.appendingPathComponent("users/renamed-one.yaml"))?.hasPrefix("name: Create a user copy\n") == true)
        #expect(!FileManager.default.fileExists(atPath: demo.appendingPathComponent("users/create-a-user-copy.yaml").path))
        try await session.send("M")
        try await session.send("Demo/forms", literal: true)
        try await session.send("Enter")
        try await session.waitFor { $0.contains("wrote Demo/forms/renamed-one") }
        #expect(FileManager.default.fileExists(atPath: demo.appendingPathComponent("forms/renamed-one.yaml").path))
        try await session.send("d")
        try await session.waitFor { $0.contains("Delete Demo/forms/renamed-one?") }
        try await session.send("d")
        screen = try await session.waitFor { $0.contains("deleted Demo/forms/renamed-one") }
        #expect(!screen.contains("POST   renamed-one"))
        #expect(!FileManager.default.fileExists(atPath: demo.appendingPathComponent("forms/renamed-one.yaml").path))
        try await session.send("a")
        try await session.waitFor { $0.contains("New request in Demo/forms") }
        try await session.send("Nowhere", literal: true)
        try await session.send("Enter")
        try await session.waitFor { $0.contains("GET Demo/forms/nowhere") }

        // A transport failure is a sentence in the response pane.
        try await session.send("Tab", "Enter", "C-u")
        try await session.send("http://127.0.0.1:9/nothing", literal: true)
        try await session.send("Enter", "C-r")
        try await session.waitFor { $0.contains("Could not connect to 127.0.0.1:9: the connection was refused.") }
        try await session.send("C-s")
        try await session.waitFor { $0.contains("saved Demo/forms/nowhere") }

        // o offers the files beside a multipart request to attach.
        try await session.send("p")
        try await session.send("upload-avatar", literal: true)
        try await session.send("Enter", "Tab", "]", "]", "j", "o")
        screen = try await session.waitFor { $0.contains("Attach a file") }
        #expect(screen.contains("./avatar.png"))
        // Esc on its own: a key right after it would read as alt plus that key.
        try await session.send("Escape")
        try await session.waitFor { !$0.contains("Attach a file") }
        try await session.send("q")
        screen = try await session.waitFor { $0.contains("exit=") }
        #expect(screen.contains("exit=0"))
        #expect(text(demo.appendingPathComponent("forms/nowhere.yaml")) == "name: Nowhere\nurl: http://127.0.0.1:9/nothing\n")
        await session.stop()
}
}
