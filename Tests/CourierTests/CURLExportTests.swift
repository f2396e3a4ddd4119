import Courier
import CourierTestSupport
import Foundation
import Testing

/// The exported command, run by the real `curl` through `sh -c`, must make the server receive
/// what Courier itself sends.
@Suite("cURL export against the real curl")
struct CURLExportTests {
    /// Headers the HTTP clients add on their own (FoundationNetworking adds `Accept-Language` and
    /// libcurl `Accept-Encoding`); everything Courier itself sets must match.
    private static let transportHeaders: Set<String> = [
        "host", "accept", "accept-encoding", "accept-language", "content-length", "expect", "connection",
    ]

    private func compare(_ request: DefaultRequest<Echo, String>, sourceLocation: SourceLocation = #_sourceLocation) async throws {
        let endpoint = try await makeEndpoint()
        let sent = try await request.asyncExecute(on: endpoint)
        let command = try endpoint.cURL(for: request)
        #expect(try endpoint.cURL(for: request) == command, "the export must be deterministic", sourceLocation: sourceLocation)
        let run = try await Processes.shell(command + " --silent --show-error")
        #expect(run.status == 0, "curl failed: \(run.stderr)\n\(command)", sourceLocation: sourceLocation)
        let received = try JSONDecoder().decode(Echo.self, from: run.stdout)

        #expect(received.method == sent.method, sourceLocation: sourceLocation)
        #expect(received.path == sent.path, sourceLocation: sourceLocation)
        #expect(received.query == sent.query, sourceLocation: sourceLocation)
        #expect(received.bodyData == sent.bodyData, "body differs for\n\(command)", sourceLocation: sourceLocation)
        let courierHeaders = sent.headers.filter { !Self.transportHeaders.contains($0[0].lowercased()) }
        for header in courierHeaders {
            #expect(received.header(header[0]) == header[1], "\(header[0]) differs for\n\(command)", sourceLocation: sourceLocation)
        }
        // The request's own headers reach the server in the order they were written.
        let written = request.headers.fields.map { $0.key.rawValue.lowercased() }
        let arrived = received.headerNames().map { $0.lowercased() }.filter(written.contains)
        #expect(arrived == written, sourceLocation: sourceLocation)
    }

    @Test("GET with query parameters and quoted header values")
    func getWithQuery() async throws {
        try await compare(DefaultRequest(
            path: "echo/search", method: .get,
            queryParams: [("q", "O'Reilly & sons"), ("tag", "a"), ("tag", "b c"), ("emoji", "🚀")],
            headers: [RequestHeaderKey("X-Zeta"): "last's", RequestHeaderKey("X-Alpha"): "it's \"quoted\"", .accept: "application/json"]))
    }

    @Test("POST with JSON parameters")
    func postJSON() async throws {
        try await compare(DefaultRequest(path: "echo/users", method: .post,
                                         body: .params(["name": "Ada O'Hara", "tags": ["x", "y"], "age": 36, "admin": true])))
    }

    @Test("PUT with multi-line text containing quotes, backslashes and unicode")
    func putText() async throws {
        try await compare(DefaultRequest(path: "echo/notes/1", method: .put,
                                         body: .string("line 'one'\nline \"two\" \\ $HOME `date` %s\n日本語 ✓\n")))
    }

    @Test("PATCH with a url-encoded form")
    func patchForm() async throws {
        try await compare(DefaultRequest(path: "echo/users/2", method: .patch,
                                         body: .form([("name", "Grace Hopper"), ("note", "a&b=c")])))
    }

    @Test("DELETE, HEAD-free GET and OPTIONS without bodies", arguments: [HTTPMethod.delete, .options, .custom("PURGE")])
    func bodilessMethods(method: HTTPMethod) async throws {
        try await compare(DefaultRequest(path: "echo/items/9", method: method))
    }

    @Test("POST with binary bytes, NUL included, piped through printf")
    func binaryBody() async throws {
        var bytes = Data((0...255).map(UInt8.init))
        bytes.append(Data("%d %% \\ ' end".utf8))
        let request = DefaultRequest<Echo, String>(path: "echo/blob", method: .post, body: .raw(bytes),
                                                   headers: [.contentType: "application/octet-stream"])
        let command = try (try await makeEndpoint()).cURL(for: request)
        #expect(command.hasPrefix("printf '"))
        try await compare(request)
    }

    @Test("GET with a body: exported with -X GET; URLSession cannot send it, so Courier says so")
    func getWithBody() async throws {
        let endpoint = try await makeEndpoint()
        let request = DefaultRequest<Echo, String>(path: "echo", method: .get, body: .string("odd but legal"))
        let command = try endpoint.cURL(for: request)
        #expect(command.contains("-X 'GET'"))
        let run = try await Processes.shell(command + " --silent --show-error")
        #expect(try JSONDecoder().decode(Echo.self, from: run.stdout).body == "odd but legal")
        do {
            _ = try await request.asyncExecute(on: endpoint)
            Issue.record("URLSession cannot send a GET body; Courier must refuse it up front")
        } catch {
            #expect(error.description.contains("GET request cannot carry a body"), "\(error)")
        }
    }

    @Test("The method appears only when curl would not infer it")
    func methodOnlyWhenNeeded() async throws {
        let endpoint = try await makeEndpoint()
        #expect(!(try endpoint.cURL(for: DefaultRequest<Echo, String>(path: "a", method: .get)).contains("-X")))
        #expect(!(try endpoint.cURL(for: DefaultRequest<Echo, String>(path: "a", method: .post, body: .string("x"))).contains("-X")))
        // A POST without a body is an empty --data-raw, so curl turns it into a GET after a 303 as courier does…
        #expect(try endpoint.cURL(for: DefaultRequest<Echo, String>(path: "a", method: .post)).contains("--data-raw ''"))
        // … and -X when no redirect is followed.
        let staying = Endpoint(baseUrl: endpoint.baseUrl, transport: URLSessionTransport(followsRedirects: false))
        #expect(try staying.cURL(for: DefaultRequest<Echo, String>(path: "a", method: .post)).contains("-X 'POST'"))
        #expect(try endpoint.cURL(for: DefaultRequest<Echo, String>(path: "a", method: .head)).contains("--head"))
    }

    @Test("Multipart with files on disk exports as -F and uploads the same parts")
    func multipartFromFiles() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("courier-curl-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let avatar = directory.appendingPathComponent("it's an avatar.png")
        let notes = directory.appendingPathComponent("notes;v2.txt")
        try Data.pattern(count: 40_000, seed: 9).write(to: avatar)
        try Data("hello\nworld\n".utf8).write(to: notes)
        let request = DefaultMultipartFormDataRequest<Envelope<UploadSummary>, String>(
            path: "upload", method: .post, body: .params(["title": "Ada's \"photo\"", "count": 2]),
            files: [
                DefaultMultipartFile(resource: avatar, mime: .image(.png), fileName: "avatar.png", fieldName: "avatar"),
                DefaultMultipartFile(resource: notes.path, mime: .text(.plain), fileName: "notes;v2.txt"),
            ])
        let endpoint = try await makeEndpoint()
        let sent = try await request.asyncExecute(on: endpoint).data
        let command = try endpoint.cURL(for: request)
        #expect(command.contains("-F 'avatar=@"))
        #expect(command.contains("--form-string 'title=Ada'\\''s \"photo\"'"))
        let run = try await Processes.shell(command + " --silent --show-error")
        #expect(run.status == 0, "\(run.stderr)\n\(command)")
        let received = try JSONDecoder().decode(Envelope<UploadSummary>.self, from: run.stdout).data
        #expect(received.parts == sent.parts)
        #expect(sent.parts.map(\.name) == ["count", "title", "avatar", "notes;v2.txt"])
    }

    @Test("Multipart with in-memory parts exports the exact body")
    func multipartFromMemory() async throws {
        let request = DefaultMultipartFormDataRequest<Envelope<UploadSummary>, String>(
            path: "upload", method: .post,
            files: [DefaultMultipartFile(resource: Data.pattern(count: 3000, seed: 4), mime: .application(.octetStream), fileName: "blob.bin")])
        let endpoint = try await makeEndpoint()
        let sent = try await request.asyncExecute(on: endpoint).data
        let command = try endpoint.cURL(for: request)
        let run = try await Processes.shell(command + " --silent --show-error")
        #expect(run.status == 0, "\(run.stderr)")
        #expect(command.hasPrefix("printf '"), "in-memory parts travel as the exact body")
        let received = try JSONDecoder().decode(Envelope<UploadSummary>.self, from: run.stdout).data
        #expect(received.parts == sent.parts)
    }
}
