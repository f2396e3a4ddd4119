import Courier
import CourierCollections
import CourierDemoServer
import CourierTestSupport
import Foundation
import Testing

/// curlconverter's corpus of real-world curl commands (Fixtures/CurlCorpus, see SOURCE.md): each
/// one is run by the real curl against the demo server, imported, exported with `courier curl`'s
/// exporter and run again; the server must receive the same request both times.
@Suite("curl import: the curlconverter corpus", .serialized)
struct CurlCorpusTests {
    private static let corpus = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/CurlCorpus")

    /// Files the commands name, created with content that has both CR LF and LF line ends and
    /// characters form encoding changes, so every transformation curl makes shows.
    private static let namedFiles = [
        "add_params.xml", "cookies.txt", "cookie.txt", "myfile.jpg", "image.jpg", "47.htz", "sample.sparql", "new_file",
        "file.txt", "my_file.txt", "input_redirected_file.txt", "test/fixtures/curl_commands/delete.sh", "myfile.jg",
        "startfile.txtend", "NewDoc.pdf",
    ]
    private static let fileContent = "line one\r\nline two\nname=value & more; é\n"
    /// The shell variables the commands use.
    static let environment = ["DO_API_TOKEN": "do-token-1", "MYVARIABLE": "from a variable", "FILENAME": "file.txt"]

    enum Outcome: Equatable {
        case equivalent
        /// The importer refused the command, with its sentence.
        case refused(String)
        /// The original command itself reaches no server (a proxy, curl's own error).
        case notRunnable(String)
        /// The requests differ only in a header an import warning names (the warning).
        case warnedDifference(String)
        case failing(String)
    }

    @Test("Every command imports to an equivalent request or is refused with a reason")
    func corpus() async throws {
        let server = try await DemoServer.start()
        defer { Task { await server.stop() } }
        var outcomes: [(String, Outcome)] = []
        for (name, command) in try Self.commands() {
            outcomes.append((name, try await outcome(of: command, server: server)))
        }
        let failing = outcomes.filter { if case .failing = $0.1 { true } else { false } }
        let refused = outcomes.filter { if case .refused = $0.1 { true } else { false } }
        let notRunnable = outcomes.filter { if case .notRunnable = $0.1 { true } else { false } }
        let warned = outcomes.filter { if case .warnedDifference = $0.1 { true } else { false } }
        let equivalent = outcomes.filter { $0.1 == .equivalent }
        print("curl corpus: \(outcomes.count) commands, \(equivalent.count) equivalent, \(warned.count) differing as a warning says, "
              + "\(refused.count) refused with a reason, \(notRunnable.count) not runnable as written, \(failing.count) failing")
        for (name, outcome) in warned + refused + notRunnable { print("  \(name): \(outcome)") }
        #expect(failing.isEmpty, "\(failing.map { "\($0.0): \($0.1)" }.joined(separator: "\n"))")
        #expect(equivalent.count >= 80, "the corpus should be mostly importable")
        #expect(refused.allSatisfy { if case .refused(let reason) = $0.1 { !reason.isEmpty } else { false } })
    }

    /// Every command of the corpus, named by its file; a file whose commands are separated by
    /// blank lines gives one case per command (`name#2`…).
    static func commands() throws -> [(String, String)] {
        let names = try FileManager.default.contentsOfDirectory(atPath: corpus.path).filter { $0.hasSuffix(".sh") }.sorted()
        return try names.flatMap { name in
            let text = try String(contentsOf: corpus.appendingPathComponent(name), encoding: .utf8)
            let chunks = text.components(separatedBy: "\n\n").filter { $0.contains("curl ") }
            return chunks.count == 1 ? [(name, text)] : chunks.enumerated().map { ("\(name)#\($0.offset + 1)", $0.element) }
        }
    }

    private func outcome(of command: String, server: DemoServer) async throws -> Outcome {
        let folder = try TemporaryDirectory()
        for file in Self.namedFiles { try folder.write(file, Self.fileContent) }
        let original = command
            .replacingOccurrences(of: "https://localhost:28139", with: server.url)
            .replacingOccurrences(of: "localhost:28139", with: server.url.replacingOccurrences(of: "http://", with: ""))
            .replacingOccurrences(of: "localhost:8888", with: server.url.replacingOccurrences(of: "http://", with: ""))
            .replacingOccurrences(of: "httpbin.org", with: server.url.replacingOccurrences(of: "http://", with: ""))

        let imported: CurlImport
        do {
            imported = try CurlImporter.parse(original, directory: folder.url, standardInput: nil)
        } catch {
            return .refused(error.description)
        }
        let (first, run) = try await Self.received(running: original, in: folder.url, server: server)
        guard let viaCurl = first else {
            let said = run.stderr.split(separator: "\n").last { $0.hasPrefix("curl:") }.map(String.init) ?? "no request arrived"
            return .notRunnable("curl exited with \(run.status): \(said)")
        }

        let text = CollectionWriter.text(of: imported.request)
        let exported: String
        do {
            exported = try Self.reexported(imported, in: folder)
        } catch {
            return .failing(error.message)
        }
        guard let viaCourier = try await Self.received(running: exported, in: folder.url, server: server).request else {
            return .failing("the exported command reaches no server:\n\(exported)")
        }
        guard let difference = Self.difference(viaCurl, viaCourier) else { return .equivalent }
        // A difference in a header the import warned about is what the warning says, not a surprise.
        for warning in imported.warnings {
            let named = Set(viaCurl.headers.map { $0.name.lowercased() } + viaCourier.headers.map { $0.name.lowercased() })
                .filter { warning.lowercased().contains($0) }
            // A warning about the -F parts' type covers their part headers in the body too.
            let coversBody = warning.contains("-F parts")
            if !named.isEmpty, Self.difference(viaCurl, viaCourier, ignoring: named, ignoringBody: coversBody) == nil {
                return .warnedDifference(warning)
            }
        }
        let beyondWarnings = imported.warnings.isEmpty ? "" : "\nwarned: \(imported.warnings)"
        return .failing("\(difference)\(beyondWarnings)\n\(text)\n\(exported)")
    }

    /// `courier curl`'s choice: AsyncHTTPClient, which honours the certificate and proxy keys that
    /// `-k`, `--cacert`, `-x` import to. Only the command is printed, so the transport made here
    /// (one that reads no certificate files) is never used.
    private static let commandLineTransports = TransportSelection(standard: .asynchttpclient) { _, settings in
        URLSessionTransport(followsRedirects: settings.followsRedirects, trustsRedirects: settings.trustsRedirects)
    }

    /// Why a saved import cannot be sent again.
    struct Failure: Error {
        let message: String
    }

    /// The command `courier curl` prints for `imported` once it is saved as a request file in
    /// `folder` and loaded back, as a user's import is.
    static func reexported(_ imported: CurlImport, in folder: TemporaryDirectory) throws(Failure) -> String {
        let text = CollectionWriter.text(of: imported.request)
        do {
            try folder.write("Collections/Imported/request.yaml", text)
        } catch {
            throw Failure(message: "cannot save the request: \(error)")
        }
        let tree = CollectionLoader.load(folder.url.appendingPathComponent("Collections"))
        guard tree.diagnostics.isEmpty, let loaded = tree.request(id: "Imported/request") else {
            throw Failure(message: "the saved file does not load: \(tree.diagnostics)\n\(text)")
        }
        do {
            return try RequestResolver(context: TemplateContext(processEnvironment: environment), transports: commandLineTransports)
                .resolve(loaded).cURL()
        } catch {
            throw Failure(message: "the saved request does not resolve: \(error)\n\(text)")
        }
    }

    /// What the server received from `command` run by bash in `folder` (nil when nothing arrived), and how curl ended.
    static func received(running command: String, in folder: URL, server: DemoServer) async throws -> (request: ReceivedRequest?, run: ProcessResult) {
        let before = server.statistics.journal.count
        let run = try await Processes.run(["bash", "-c", "cd \(ShellQuote.quote(folder.path))\n" + command],
                                    environment: Self.environment, timeout: 20)
        let journal = server.statistics.journal
        return (journal.count > before ? journal[before] : nil, run)
    }

    /// Headers whose value depends on the client rather than on the request: curl's own
    /// User-Agent against Courier's, what the transport asks for or computes, and curl's
    /// cleartext HTTP/2 upgrade (`--http2`), which the transport negotiates by itself.
    private static let clientHeaders: Set<String> = [
        "user-agent", "accept-encoding", "content-length", "transfer-encoding", "expect", "connection", "upgrade", "http2-settings",
    ]

    /// How two received requests differ, or nil when they are the same request.
    static func difference(_ expected: ReceivedRequest, _ actual: ReceivedRequest, ignoring ignored: Set<String> = [],
                           ignoringBody: Bool = false) -> String? {
        if expected.method != actual.method { return "method \(actual.method), expected \(expected.method)" }
        if expected.path != actual.path { return "path \(actual.path), expected \(expected.path)" }
        if queryPieces(expected.query) != queryPieces(actual.query) {
            return "query \(actual.query ?? "none"), expected \(expected.query ?? "none")"
        }
        let expectedUserAgent = expected.header("User-Agent") ?? ""
        func headers(_ request: ReceivedRequest) -> [String] {
            request.headers.filter { header in
                let name = header.name.lowercased()
                if name == "user-agent" { return !expectedUserAgent.hasPrefix("curl/") }
                return !clientHeaders.contains(name) && !ignored.contains(name)
            }.map { "\($0.name.lowercased()): \(withoutBoundary($0.value, of: request))" }.sorted()
        }
        if headers(expected) != headers(actual) { return "headers \(headers(actual)), expected \(headers(expected))" }
        let expectedBody = withoutBoundary(String(decoding: expected.body, as: UTF8.self), of: expected)
        let actualBody = withoutBoundary(String(decoding: actual.body, as: UTF8.self), of: actual)
        if expectedBody != actualBody && !ignoringBody { return "body \(actualBody.debugDescription), expected \(expectedBody.debugDescription)" }
        return nil
    }

    /// The query's entries, an empty one (from a trailing '&') left out.
    private static func queryPieces(_ query: String?) -> [Substring] {
        (query ?? "").split(separator: "&")
    }

    /// `text` with the request's multipart boundary replaced, so two uploads of the same parts
    /// compare equal. The boundary is read from the body's first line: curl keeps a custom
    /// `Content-Type`'s boundary even when its body uses another.
    private static func withoutBoundary(_ text: String, of request: ReceivedRequest) -> String {
        guard let type = request.header("Content-Type"), type.lowercased().hasPrefix("multipart/") else { return text }
        let body = String(decoding: request.body, as: UTF8.self)
        guard body.hasPrefix("--"), let lineEnd = body.range(of: "\r\n") else { return text }
        let boundary = String(body[body.index(body.startIndex, offsetBy: 2)..<lineEnd.lowerBound])
        return boundary.isEmpty ? text : text.replacingOccurrences(of: boundary, with: "BOUNDARY")
    }
}
