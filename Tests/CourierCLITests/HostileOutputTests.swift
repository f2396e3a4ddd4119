import CourierTestSupport
import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// `courier run` against the demo server's hostile routes, through the built binary: an endless
/// body streams with flat memory into a pipe and a file, and a server's escape sequences never
/// reach a terminal as they are.
@Suite("courier run against a hostile server")
struct HostileOutputTests {
    private func hostileCollection(_ courier: CourierUnderTest) throws -> URL {
        let work = courier.work
        try work.write("H/collection.yaml", "name: H\nbaseUrl: \"{{$demo}}\"\n")
        try work.write("H/endless.yaml", "path: hostile/endless\ntimeout: 5\n")
        try work.write("H/body.yaml", "path: hostile/escapes/body\n")
        try work.write("H/header.yaml", "path: hostile/escapes/header\n")
        try work.write("H/error.yaml", "path: hostile/escapes/error\n")
        try work.write("H/drop.yaml", "path: drop\n")
        return work.url
    }

    private func environment(_ courier: CourierUnderTest) async throws -> [String: String] {
        ["XDG_STATE_HOME": courier.state.url.path, "COURIER_DEMO_URL": try await TestServer.url().absoluteString]
    }

    @Test("An endless body stopped by the request's timeout streams into a pipe and into --output with flat memory")
    func endlessBodyFlatMemory() async throws {
        try await ExclusiveTime.run {
            let courier = try CourierUnderTest()
            let collections = try hostileCollection(courier)
            let base = [courier.path, "run", "H/endless", "--collections", collections.path]
            // A server in a process of its own, so the rest of the suite cannot starve the transfer.
            let server = try await DemoServerProcess(courier: courier.path)
            defer { Task { await server.stop() } }
            let environment = ["XDG_STATE_HOME": courier.state.url.path, "COURIER_DEMO_URL": server.url]

            // What courier needs for a small body in the same conditions: the baseline the growth is measured from.
            let small = try await MeasuredProcess.run([courier.path, "run", "H/body", "--collections", collections.path], environment: environment)
            #expect(small.status == 0, "\(small.stderr)")
            let baseline = small.peakResidentBytes

            let piped = try await MeasuredProcess.run(base, environment: environment, keeping: 1 << 16)
            #expect(piped.status == 3, "a timeout is a transport error: \(piped.stderr)")
            #expect(piped.stderr.contains("timed out after 5.0 s (its timeout covers the whole body)"), "\(piped.stderr)")
            #expect(piped.stdoutPrefix.prefix(300) == Data((0..<300).map { UInt8($0 % 251) }), "the bytes arrive as sent")
            // Holding the body would grow memory by at least as much as came through the pipe.
            #expect(piped.stdoutBytes > 32 << 20, "enough came through to tell: \(piped.stdoutBytes) bytes")
            #expect((piped.peakResidentBytes - baseline) * 3 < piped.stdoutBytes,
                    "grew \((piped.peakResidentBytes - baseline) >> 20) MiB over \(baseline >> 20) MiB for \(piped.stdoutBytes >> 20) MiB piped")

            let file = courier.work.url.appendingPathComponent("out/endless.bin")
            try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            let saved = try await MeasuredProcess.run(base + ["--output", file.path], environment: environment)
            #expect(saved.status == 3, "\(saved.stderr)")
            // The partial file is gone by now; the same deadline moved about as much as the pipe did.
            #expect((saved.peakResidentBytes - baseline) * 3 < piped.stdoutBytes,
                    "grew \((saved.peakResidentBytes - baseline) >> 20) MiB writing the file")
            let left = try FileManager.default.contentsOfDirectory(atPath: file.deletingLastPathComponent().path)
            #expect(left.isEmpty, "the partial temporary file is removed and nothing is left under the name: \(left)")
        }
    }

    @Test("A body cut off after its head leaves no --output file, says why on stderr and exits 3")
    func cutOffBody() async throws {
        let courier = try CourierUnderTest()
        let collections = try hostileCollection(courier)
        let file = courier.work.url.appendingPathComponent("drop.json")
        let result = try await courier.run(["run", "H/drop", "--output", file.path], collections: collections)
        #expect(result.status == 3, "\(result.stderr)")
        #expect(result.stderr.contains("courier: The transfer failed after the response head"), "\(result.stderr)")
        let left = try FileManager.default.contentsOfDirectory(atPath: courier.work.url.path).filter { $0.contains("drop") }
        #expect(left.isEmpty, "no file and no temporary file: \(left)")

        let complete = try await courier.run(["run", "H/body", "--output", file.path], collections: collections)
        #expect(complete.status == 0 && complete.stderr.contains("Saved 59 B to \(file.path)"), "\(complete.stderr)")
        #expect(try Data(contentsOf: file).contains(0x1B), "a file keeps the bytes exactly")
    }

    @Test("Through a pipe the server's escape sequences stay exactly as sent")
    func pipeKeepsBytes() async throws {
        let courier = try CourierUnderTest()
        let collections = try hostileCollection(courier)
        let environment = try await environment(courier)
        let body = try await MeasuredProcess.run([courier.path, "run", "H/body", "--collections", collections.path], environment: environment)
        #expect(body.status == 0)
        #expect(body.stdoutPrefix == Data("before title\u{1B}]0;pwned\u{07}clear\u{1B}[2Jbell\u{07}report\u{1B}[6nc1\u{9B}6n after\n".utf8))
        // AsyncHTTPClient refuses a head with control characters in it (exit 3); URLSession reads it,
        // and a pipe must then get the header as sent.
        let header = try await MeasuredProcess.run([courier.path, "run", "H/header", "-i", "--transport", "urlsession",
                                                    "--collections", collections.path], environment: environment)
        #expect(String(decoding: header.stdoutPrefix, as: UTF8.self).contains("X-Hostile: title\u{1B}]0;pwned\u{07}"))
    }

    @Test("On a terminal the body, an --include header and an error body show escapes as pictures; --raw keeps them",
          arguments: [["H/body"], ["H/header", "--include"], ["H/error"]])
    func terminalShowsPictures(arguments: [String]) async throws {
        let courier = try CourierUnderTest()
        let collections = try hostileCollection(courier)
        let shown = try await onTerminal(courier, ["run"] + arguments + ["--collections", collections.path])
        for raw in ["\u{1B}]0;", "\u{1B}[2J", "\u{1B}[6n", "\u{07}", "\u{9B}"] {
            #expect(!shown.contains(raw), "\(raw.unicodeScalars.map { String($0.value, radix: 16) }) reached the terminal: \(shown)")
        }
        // AsyncHTTPClient refuses such a header value outright ("invalid character in header", exit 3);
        // URLSession delivers it (dropping the C1 control), so courier must show it safely.
        if arguments.contains("--include") && shown.contains("invalid character in header") { return }
        #expect(shown.contains("title␛]0;pwned␇clear␛[2Jbell␇report␛[6n"), "\(shown)")

        let raw = try await onTerminal(courier, ["run"] + arguments + ["--raw", "--collections", collections.path])
        #expect(raw.contains("\u{1B}]0;pwned\u{07}"), "--raw prints what the server sent")
    }

    /// Runs `courier ARGUMENTS` with a pseudo-terminal as its stdin, stdout and stderr, and returns what it wrote there.
    /// The terminal is read on a thread of its own: blocking reads on Swift's few concurrency
    /// threads would starve the in-process demo server that courier is talking to.
    private func onTerminal(_ courier: CourierUnderTest, _ arguments: [String]) async throws -> String {
        let command = [courier.path] + arguments
        let environment = try await environment(courier)
        return try await withCheckedThrowingContinuation { continuation in
            Thread {
                do {
                    let terminal = try PseudoTerminal()
                    let pid = try Processes.spawn(command, stdin: terminal.path, stdout: terminal.path, stderr: terminal.path,
                                                  environment: environment)
                    var status: Int32 = 0
                    let deadline = ContinuousClock.now + .seconds(60)
                    while waitpid(pid, &status, WNOHANG) == 0 {
                        if ContinuousClock.now > deadline {
                            kill(pid, SIGKILL)
                            throw TestSupportError("\(command.joined(separator: " ")) did not finish on the terminal")
                        }
                        terminal.read(until: "\u{0}", timeout: 0.1)
                    }
                    terminal.read(until: "\u{0}", timeout: 0.3)
                    continuation.resume(returning: String(decoding: terminal.output, as: UTF8.self))
                } catch {
                    continuation.resume(throwing: error)
                }
            }.start()
        }
    }
}
