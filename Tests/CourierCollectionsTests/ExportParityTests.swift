import CourierCollections
import CourierDemoServer
import CourierTestSupport
import Foundation
import Testing

/// For every Demo request and for values built to break a shell command, the printed curl command,
/// run by the real `curl`, makes the demo server receive what `courier run` sent. Each request is
/// resolved once for both (`{{$uuid}}` is the same value), sent through `RequestRunner` as
/// `courier run` sends it, and printed through `ExportFormat` as `courier curl` prints it.
// Serialized: a fresh server's journal tells which request arrived last.
@Suite("Exports reproduce courier", .serialized)
struct ExportParityTests {
    /// Headers each client adds by itself (curl's User-Agent, libcurl's Accept-Encoding, …).
    private static let clientHeaders: Set<String> = [
        "host", "user-agent", "accept-encoding", "accept-language", "content-length", "connection", "expect",
    ]

    private func compare(_ resolution: Resolution, id: String, on server: DemoServer, format: ExportFormat = .curl) async throws {
        // Printed before the run: both send the cookies the endpoint's jar holds then (the run
        // may change it, as Demo/cookies/set-cookie does).
        let command = try format.command(for: resolution.request, auth: resolution.auth).text()
        _ = await RequestRunner.run(resolution.request)
        let viaCourier = try #require(server.statistics.journal.last, "\(id) reached no server")
        let quiet = format == .curl ? " --silent --show-error --output /dev/null" : " --quiet --quiet"
        let run = try await Processes.shell(command + quiet)
        #expect(run.status == 0, "\(id): \(format) failed: \(run.stderr)\n\(command)")
        let viaCurl = try #require(server.statistics.journal.last)
        #expect(server.statistics.journal.count >= 2)
        // With no Accept of the request's own, the transport's `*/*` meets HTTPie's own default.
        let ignored = format == .httpie && viaCourier.header("Accept") == "*/*" ? Self.clientHeaders.union(["accept"]) : Self.clientHeaders

        #expect(viaCurl.method == viaCourier.method, "\(id): method\n\(command)")
        #expect(viaCurl.path == viaCourier.path, "\(id): path\n\(command)")
        #expect(Signatures.unsigned(viaCurl.query) == Signatures.unsigned(viaCourier.query), "\(id): query\n\(command)")
        #expect(Self.headers(of: viaCurl, ignoring: ignored) == Self.headers(of: viaCourier, ignoring: ignored), "\(id): headers\n\(command)")
        if let boundary = Self.boundary(of: viaCourier) {
            #expect(Self.parts(of: viaCurl) == Self.parts(of: viaCourier.body, boundary: boundary), "\(id): parts\n\(command)")
        } else {
            #expect(viaCurl.body == viaCourier.body, "\(id): body\n\(command)")
        }
    }

    /// Headers both clients should agree on, as `name: value` lines in order of name; a multipart
    /// Content-Type without its boundary, which each client picks.
    private static func headers(of request: ReceivedRequest, ignoring ignored: Set<String>) -> [String] {
        request.headers.filter { !ignored.contains($0.name.lowercased()) && !Signatures.isSignature(name: $0.name, value: $0.value) }.map { header in
            let value = header.value.hasPrefix("multipart/form-data") ? "multipart/form-data" : header.value
            return "\(header.name.lowercased()): \(value)"
        }.sorted()
    }

    private static func boundary(of request: ReceivedRequest) -> String? {
        guard let type = request.header("Content-Type"), type.hasPrefix("multipart/") else { return nil }
        return type.components(separatedBy: "boundary=").last
    }

    private static func parts(of request: ReceivedRequest) -> [String] {
        boundary(of: request).map { parts(of: request.body, boundary: $0) } ?? []
    }

    /// The parts of a multipart body without the boundary lines.
    private static func parts(of body: Data, boundary: String) -> [String] {
        String(decoding: body, as: UTF8.self).components(separatedBy: "--" + boundary)
            .map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }.filter { !$0.isEmpty && $0 != "--" }
    }

    private func resolution(_ id: String, in tree: CollectionTree, demo: DemoServer) throws -> Resolution {
        let request = try #require(tree.request(id: id), "no \(id)")
        // What the flows capture at run time (`courier test`), given here so every request resolves.
        let captured = ["accessToken": "courier-demo-token", "createdUserId": "3"]
        let context = RequestResolver.context(for: request, environment: .empty, overrides: captured,
                                              processEnvironment: ["CRAFTED": "from the environment -H x"], demoURL: demo.url)
        return try RequestResolver(context: context).resolution(of: request)
    }

    /// Whether HTTPie's `http` is on PATH; the HTTPie test runs only then.
    static let hasHTTPie = (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":").contains {
        FileManager.default.isExecutableFile(atPath: "\($0)/http")
    }

    @Test("every Demo request but the big ones, through the real HTTPie", .enabled(if: hasHTTPie, "HTTPie (http) is not installed"))
    func demoRequestsThroughHTTPie() async throws {
        let server = try await DemoServer.start()
        let tree = CollectionLoader.load(Checkout.collections)
        for id in tree.requestIds where id.hasPrefix("Demo/") && !id.hasPrefix("Demo/big/") && !id.hasPrefix("Demo/connections/") {
            try await compare(try resolution(id, in: tree, demo: server), id: id, on: server, format: .httpie)
        }
        await server.stop()
    }

    @Test("every Demo request")
    func demoRequests() async throws {
        let server = try await DemoServer.start()
        let tree = CollectionLoader.load(Checkout.collections)
        // Demo/connections reach other listeners than `server`; ConnectionCommandTests runs their
        // curl commands (certificates, proxy) with the real curl.
        let ids = tree.requestIds.filter { $0.hasPrefix("Demo/") && !$0.hasPrefix("Demo/connections/") }
        #expect(ids.count >= 16)
        for id in ids {
            try await compare(try resolution(id, in: tree, demo: server), id: id, on: server)
        }
        await server.stop()
    }

    /// Values that broke the old command (flags inside values), quotes, newlines, non-ASCII, a
    /// body that curl would read as a file name, and functions that differ on every call.
    static let crafted: [String: String] = [
        "API/collection.yaml": """
            baseUrl: "{{$demo}}"
            timeout: 10
            headers:
              - {name: X-Collection, value: "a -H 'X-Evil: 1' -F x=@/etc/passwd"}
            """,
        "API/flags.yaml": #"""
            method: POST
            path: echo/flags
            query:
              - {name: q, value: " -H x"}
              - {name: f, value: " --data-binary @/etc/passwd"}
              - {name: nl, value: "line one\nline two"}
              - {name: u, value: "café ✓ 日本 🚀"}
              - {name: quotes, value: "it's \"so\""}
            headers:
              - {name: X-Quotes, value: "it's \"quoted\" \\ $HOME `id`"}
              - {name: X-Unicode, value: "naïve ✓"}
              - {name: X-Form, value: " --form-string a=b"}
            body:
              text: "first -H x\n --data-binary @/etc/passwd\nsingle ' double \" back \\ $HOME `id` %s\n日本語\n"
            """#,
        "API/at-body.yaml": """
            method: PUT
            path: echo/at
            body:
              text: "@/etc/passwd"
            """,
        "API/json.yaml": #"""
            method: PATCH
            path: echo/json
            headers:
              - {name: X-Id, value: "{{$uuid}}"}
            query:
              - {name: t, value: "{{$timestamp}}"}
              - {name: env, value: "{{$env.CRAFTED}}"}
            body:
              json: {name: "O'Hara \"x\"", note: "l1\nl2", n: "{{$randomInt}}", emoji: "🚀", flag: " -F a=@b"}
            """#,
        "API/form.yaml": """
            method: POST
            path: echo/form
            body:
              form:
                - {name: a, value: " --form-string x=y"}
                - {name: "b&c", value: "d=e&f"}
                - {name: nl, value: "1\\n2"}
            """,
        "API/multipart.yaml": """
            method: POST
            path: upload
            body:
              multipart:
                - {name: note, value: " -F evil=@/etc/passwd; it's \\"x\\""}
                - {name: file, file: data.txt, mime: text/plain}
            """,
        "API/data.txt": "file contents\n",
        "API/delete.yaml": """
            method: DELETE
            path: "echo/items/{{$randomInt}}"
            """,
    ]

    @Test("values with curl flags, quotes, newlines and non-ASCII; templates resolved once for both",
          arguments: [ExportFormat.curl] + (hasHTTPie ? [.httpie] : []))
    func craftedValues(format: ExportFormat) async throws {
        let directory = try TemporaryDirectory()
        for (path, text) in Self.crafted { try directory.write(path, text + "\n") }
        let tree = CollectionLoader.load(directory.url)
        #expect(tree.diagnostics.isEmpty, "\(tree.diagnostics)")
        let server = try await DemoServer.start()
        for id in tree.requestIds {
            try await compare(try resolution(id, in: tree, demo: server), id: id, on: server, format: format)
        }
        // The body that looks like a file name arrived as text.
        let at = server.statistics.journal.filter { $0.path == "/echo/at" }
        #expect(at.count == 2 && at.allSatisfy { $0.body == Data("@/etc/passwd".utf8) })
        await server.stop()
    }
}
