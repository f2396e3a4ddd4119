import CourierDemoServer
import CourierTestSupport
import Foundation
import Testing
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The demo server over real sockets, driven by the real curl so these tests do not depend on Courier.
@Suite("Demo server")
struct DemoServerTests {
    private func curl(_ arguments: [String], input: Data? = nil) async throws -> ProcessResult {
        try await Processes.run(["curl", "--silent", "--show-error"] + arguments, input: input)
    }

    private func json(_ result: ProcessResult) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: result.stdout) as? [String: Any], "not a JSON object: \(result.stdoutText)")
    }

    @Test("Starts on a free port, serves, and stops cleanly")
    func lifecycle() async throws {
        let server = try await DemoServer.start()
        #expect(server.port > 0 && server.url == "http://127.0.0.1:\(server.port)")
        let first = try await curl(["\(server.url)/users/1"])
        #expect(try json(first)["data"] != nil)
        await server.stop()
        let after = try await curl(["\(server.url)/users/1"])
        #expect(after.status == 7, "curl exit 7 means the connection was refused; got \(after.status)")
    }

    @Test("Users: paging, get, create, update, delete")
    func users() async throws {
        let server = try await DemoServer.start()
        defer { Task { await server.stop() } }
        let page = try json(try await curl(["\(server.url)/users?page=3&per_page=5"]))
        let meta = try #require(page["meta"] as? [String: Int])
        #expect(meta == ["page": 3, "per_page": 5, "total": 12, "total_pages": 3])
        #expect((page["data"] as? [Any])?.count == 2)

        let created = try json(try await curl(["-X", "POST", "\(server.url)/users", "-H", "Content-Type: application/json",
                                               "--data", #"{"name":"Kay","email":"kay@example.com"}"#, "-w", ""]))
        let id = try #require((created["data"] as? [String: Any])?["id"] as? Int)
        let patched = try json(try await curl(["-X", "PATCH", "\(server.url)/users/\(id)", "--data", "name=Kay+A", "-H",
                                               "Content-Type: application/x-www-form-urlencoded"]))
        #expect((patched["data"] as? [String: Any])?["name"] as? String == "Kay A")
        let deleted = try await curl(["-X", "DELETE", "-o", "/dev/null", "-w", "%{http_code}", "\(server.url)/users/\(id)"])
        #expect(deleted.stdoutText == "204")
        let gone = try json(try await curl(["\(server.url)/users/\(id)"]))
        #expect((gone["error"] as? [String: Any])?["message"] as? String == "User \(id) not found")
        let invalid = try await curl(["-o", "/dev/null", "-w", "%{http_code}", "-X", "POST", "\(server.url)/users", "-H", "Content-Type: application/json", "--data", "{nope"])
        #expect(invalid.stdoutText == "400")
    }

    @Test("Echo reports headers in received order and the body as text and base64")
    func echo() async throws {
        let url = try await TestServer.url()
        let echo = try json(try await curl(["-X", "PUT", "\(url)/echo/a/b?x=1&x=2", "-H", "X-B: 2", "-H", "X-A: 1",
                                            "--data-binary", "hé"]))
        #expect(echo["method"] as? String == "PUT" && echo["path"] as? String == "/echo/a/b" && echo["query"] as? String == "x=1&x=2")
        let names = (echo["headers"] as? [[String]])?.map { $0[0] } ?? []
        #expect(try #require(names.firstIndex(of: "X-B")) < (try #require(names.firstIndex(of: "X-A"))))
        #expect(echo["body"] as? String == "hé" && echo["bodyBase64"] as? String == Data("hé".utf8).base64EncodedString())
    }

    @Test("Bytes with and without Content-Length follow the documented pattern")
    func bytes() async throws {
        let url = try await TestServer.url()
        for chunked in [false, true] {
            let result = try await curl(["-D", "-", "\(url)/bytes/1000\(chunked ? "?chunked=1" : "")"])
            let text = result.stdoutText.lowercased()
            #expect(text.contains("content-length: 1000") != chunked)
            #expect(text.contains("transfer-encoding: chunked") == chunked)
            #expect(result.stdout.suffix(1000) == Data((0..<1000).map(DeterministicBytes.byte)))
        }
    }

    @Test("Big JSON is deterministic, valid and about the requested size")
    func bigJSON() async throws {
        let url = try await TestServer.url()
        let first = try await curl(["\(url)/json/big?mb=1.5"])
        let second = try await curl(["\(url)/json/big?mb=1.5"])
        #expect(first.stdout == second.stdout)
        #expect(abs(first.stdout.count - 1_572_864) < 2048)
        let object = try json(first)
        #expect(((object["data"] as? [String: Any])?["items"] as? [Any])?.isEmpty == false)
    }

    @Test("Drip spreads its bytes over the duration; delay waits fractional seconds")
    func timing() async throws {
        let url = try await TestServer.url()
        let drip = try await curl(["-o", "/dev/null", "-w", "%{size_download} %{time_total}", "\(url)/drip?bytes=500&duration=0.6"])
        let parts = drip.stdoutText.split(separator: " ")
        #expect(parts.first == "500")
        #expect((Double(parts.last ?? "") ?? 0) >= 0.55)
        let delay = try await curl(["-o", "/dev/null", "-w", "%{time_total}", "\(url)/delay/0.3"])
        #expect((Double(delay.stdoutText) ?? 0) >= 0.28)
    }

    @Test("Redirects, gzip, status codes, drop")
    func misc() async throws {
        let url = try await TestServer.url()
        let redirect = try await curl(["-o", "/dev/null", "-w", "%{http_code} %{redirect_url}", "\(url)/redirect/307?to=/echo/x"])
        #expect(redirect.stdoutText == "307 \(url.absoluteString)/echo/x")
        let gzip = try await curl(["--compressed", "-D", "-", "\(url)/gzip"])
        #expect(gzip.stdoutText.lowercased().contains("content-encoding: gzip") && gzip.stdoutText.contains("\"gzipped\":true"))
        let teapot = try await curl(["-w", "\n%{http_code}", "\(url)/status/418"])
        #expect(teapot.stdoutText.hasSuffix("\n418") && teapot.stdoutText.contains("\"status\":418"))
        let drop = try await curl(["-o", "/dev/null", "-w", "%{size_download}", "\(url)/drop"])
        #expect(drop.status == 18, "curl exit 18 is a partial transfer")
        #expect(drop.stdoutText == "65536")
    }

    @Test("Auth: basic challenge, bearer, login and refresh")
    func auth() async throws {
        let server = try await DemoServer.start()
        defer { Task { await server.stop() } }
        let challenge = try await curl(["-D", "-", "-o", "/dev/null", "\(server.url)/basic-auth/u/p"])
        #expect(challenge.stdoutText.contains("401") && challenge.stdoutText.contains("WWW-Authenticate: Basic"))
        #expect(try json(try await curl(["-u", "u:p", "\(server.url)/basic-auth/u/p"]))["data"] != nil)

        // A long-lived token answers 200; one of a second's lifetime answers 401 once that second is
        // over. Neither depends on how fast a loaded machine runs curl.
        let lasting = try json(try await curl(["\(server.url)/auth/login?ttl=600", "-H", "Content-Type: application/json",
                                               "--data", #"{"username":"ada","password":"lovelace"}"#]))
        let lastingAccess = try #require((lasting["data"] as? [String: Any])?["access_token"] as? String)
        let ok = try await curl(["-o", "/dev/null", "-w", "%{http_code}", "-H", "Authorization: Bearer \(lastingAccess)", "\(server.url)/bearer"])
        #expect(ok.stdoutText == "200")
        let login = try json(try await curl(["\(server.url)/auth/login?ttl=1", "--data", "username=ada&password=lovelace"]))
        let tokens = try #require(login["data"] as? [String: Any])
        let access = try #require(tokens["access_token"] as? String)
        let refresh = try #require(tokens["refresh_token"] as? String)
        try await Task.sleep(for: .milliseconds(1100))
        let expired = try await curl(["-o", "/dev/null", "-w", "%{http_code}", "-H", "Authorization: Bearer \(access)", "\(server.url)/bearer"])
        #expect(expired.stdoutText == "401")
        let renewed = try json(try await curl(["\(server.url)/auth/refresh", "--data", "refresh_token=\(refresh)"]))
        #expect((renewed["data"] as? [String: Any])?["access_token"] as? String != access)
        #expect(server.statistics.count(for: "/auth/refresh") == 1)
        let wrong = try await curl(["-o", "/dev/null", "-w", "%{http_code}", "\(server.url)/auth/login", "--data", "username=ada&password=x"])
        #expect(wrong.stdoutText == "401")
    }

    @Test("GET /me answers the profile for a bearer token from /auth/login, 401 without one")
    func me() async throws {
        let url = try await TestServer.url()
        let login = try json(try await curl(["\(url)/auth/login", "--data", "username=ada&password=lovelace"]))
        let access = try #require((login["data"] as? [String: Any])?["access_token"] as? String)
        let profile = try json(try await curl(["-H", "Authorization: Bearer \(access)", "\(url)/me"]))
        #expect((profile["data"] as? [String: String])?["username"] == "ada")
        let anonymous = try await curl(["-o", "/dev/null", "-w", "%{http_code}", "\(url)/me"])
        #expect(anonymous.stdoutText == "401")
        let posted = try await curl(["-o", "/dev/null", "-w", "%{http_code}", "-X", "POST", "-H", "Authorization: Bearer \(access)", "\(url)/me"])
        #expect(posted.stdoutText == "405")
    }
}

/// The strict multipart parser behind `/upload`, fed hand-made bodies.
@Suite("Strict multipart parser")
struct MultipartStrictnessTests {
    private func upload(_ body: String, contentType: String = "multipart/form-data; boundary=XyZ", extra: [String] = []) async throws -> (Int, String) {
        let url = try await TestServer.url()
        let result = try await Processes.run(["curl", "--silent", "-w", "\n%{http_code}", "-H", "Content-Type: \(contentType)",
                                              "--data-binary", "@-", "\(url)/upload"] + extra, input: Data(body.utf8))
        let lines = result.stdoutText.split(separator: "\n")
        return (Int(lines.last ?? "") ?? 0, lines.dropLast().joined(separator: "\n"))
    }

    @Test("A correct body is accepted with names, filenames and types")
    func accepted() async throws {
        let body = "--XyZ\r\nContent-Disposition: form-data; name=\"note\"\r\n\r\nhi\r\n"
            + "--XyZ\r\nContent-Disposition: form-data; name=\"f\"; filename=\"a \\\"b\\\".txt\"\r\nContent-Type: text/plain\r\n\r\nabc\r\n--XyZ--\r\n"
        let (status, text) = try await upload(body)
        #expect(status == 200, "\(text)")
        #expect(text.contains(#""filename":"a \"b\".txt""#) && text.contains(#""text":"abc""#) && text.contains(#""size":3"#))
    }

    @Test("Malformed bodies are rejected with a reason", arguments: [
        ("XyZ\r\nContent-Disposition: form-data; name=\"a\"\r\n\r\nx\r\nXyZ--\r\n", "does not start with the delimiter"),
        ("--XyZ\r\nContent-Disposition: form-data; name=\"a\"\r\n\r\nx\r\n--XyZ--\r\n\r\n", "unexpected bytes follow the closing delimiter"),
        ("--XyZ\r\nContent-Disposition: form-data\r\n\r\nx\r\n--XyZ--\r\n", "has no name parameter"),
        ("--XyZ\r\nContent-Type: text/plain\r\n\r\nx\r\n--XyZ--\r\n", "no Content-Disposition"),
        ("--XyZ\r\nContent-Disposition: form-data; name=\"a\"\r\n\r\nx", "not terminated by the boundary"),
        ("--XyZ--\r\n", "has no parts"),
        ("--XyZ\r\nContent-Disposition: attachment; name=\"a\"\r\n\r\nx\r\n--XyZ--\r\n", "expected form-data"),
    ])
    func rejected(body: String, reason: String) async throws {
        let (status, text) = try await upload(body)
        #expect(status == 400)
        #expect(text.contains(reason), "\(text)")
    }

    @Test("A missing boundary or a chunked upload is rejected")
    func contentTypeAndLength() async throws {
        let (noBoundary, text) = try await upload("--XyZ--\r\n", contentType: "multipart/form-data")
        #expect(noBoundary == 400 && text.contains("no boundary"))
        let (chunked, _) = try await upload("--XyZ\r\nContent-Disposition: form-data; name=\"a\"\r\n\r\nx\r\n--XyZ--\r\n",
                                            extra: ["-H", "Transfer-Encoding: chunked"])
        #expect(chunked == 411)
    }
}

@Suite("SHA-256")
struct SHA256Tests {
    @Test("Known digests", arguments: [
        ("", "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"),
        ("abc", "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"),
        ("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq", "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"),
    ])
    func digest(input: String, expected: String) {
        #expect(SHA256Digest.hex(Array(input.utf8)) == expected)
    }

    @Test("Matches sha256sum on 300 KB")
    func matchesSystemTool() async throws {
        let data = Data((0..<300_000).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) })
        let result = try await Processes.run(["sha256sum"], input: data)
        // Hashed on a Dispatch queue: a debug-build hash would hold a cooperative thread that
        // the timing tests of other suites need.
        let digest = await withCheckedContinuation { continuation in
            DispatchQueue.global().async { continuation.resume(returning: SHA256Digest.hex(data)) }
        }
        #expect(result.stdoutText.hasPrefix(digest))
    }
}
