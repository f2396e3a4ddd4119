import CourierCollections
import Foundation
import Testing

/// curl's own rules, one by one: what each form of a data, form, auth or header option sends.
@Suite("curl import: curl's semantics")
struct CurlImportSemanticsTests {
    private let folder = URL(fileURLWithPath: "/work/project")

    private func parse(_ command: String, input: String? = nil) throws -> CurlImport {
        try CurlImporter.parse(command, directory: folder, standardInput: input.map { text in { text } })
    }

    @Test("Options that take a value consume it, even when the importer has no use for them")
    func valuesAreConsumed() throws {
        let imported = try parse("curl --trace-ascii trace.txt --url-query 'q=a b' --connect-timeout 3 -o out.json https://h.test/x")
        // curl encodes a space as '+', which a query entry would send as %2B: the query stays in the URL.
        #expect(imported.request.url == "https://h.test/x?q=a+b" && imported.request.query.isEmpty)
        #expect(imported.warnings.contains { $0.hasPrefix("--trace-ascii trace.txt ignored") })
        #expect(imported.warnings.contains { $0.hasPrefix("-o out.json ignored") })
        #expect(try parse("curl --sil localhost:1/a").warnings == ["--sil ignored: it changes only what curl prints or writes, not the request"])
        #expect(throws: CurlImporter.ImportError.self) { try parse("curl --data") }
    }

    @Test("-k, --cacert, --cert, --key, -x with --proxy-user, --socks5 and --noproxy become the request's connection keys")
    func connectionOptions() throws {
        let imported = try parse("curl -k --cacert ca.pem --cert me.pem --key me-key.pem -x 127.0.0.1:3128 --proxy-user 'ada:p@ss' "
                                 + "--noproxy localhost,.internal https://h.test/a")
        let connection = imported.request.connection
        #expect(connection == ConnectionDefinition(insecure: true, caCert: "ca.pem", clientCert: "me.pem", clientKey: "me-key.pem",
                                                   proxy: "http://ada:p%40ss@127.0.0.1:3128", noProxy: ["localhost", ".internal"]))
        #expect(!imported.warnings.contains { $0.contains("-k") || $0.contains("proxy") || $0.contains("cacert") }, "\(imported.warnings)")
        #expect(try parse("curl --socks5 127.0.0.1:1080 http://h.test").request.connection.proxy == "socks5://127.0.0.1:1080")
        let passphrase = try parse("curl --cert me.pem:secret https://h.test")
        #expect(passphrase.request.connection.clientCert == "me.pem")
        #expect(passphrase.warnings.contains { $0.contains("passphrase is left out") })
        // What the file keeps reads back the same.
        let (read, problems) = DocumentParser.request(CollectionWriter.text(of: imported.request), file: "a.yaml")
        #expect(problems.isEmpty && read?.connection == connection, "\(problems)")
    }

    @Test("--http1.1 becomes httpVersion: 1.1; --http2-prior-knowledge is kept as httpVersion: 2 with a warning that courier refuses it; --http2 is the default")
    func httpVersions() throws {
        let http11 = try parse("curl --http1.1 https://h.test/a")
        #expect(http11.request.connection.httpVersion == "1.1" && http11.warnings.isEmpty, "\(http11.warnings)")
        let forced = try parse("curl --http2-prior-knowledge http://h.test/a")
        #expect(forced.request.connection.httpVersion == "2")
        #expect(forced.warnings == ["--http2-prior-knowledge kept as httpVersion: \"2\", which courier refuses to send: AsyncHTTPClient cannot force "
                                    + "HTTP/2 (remove the key to let the server choose, as curl does without the flag)"])
        let allowed = try parse("curl --http2 https://h.test/a")
        #expect(allowed.request.connection.httpVersion == nil)
        #expect(allowed.warnings.contains { $0.hasPrefix("--http2 ignored: Courier uses HTTP/2 where a TLS server offers it") }, "\(allowed.warnings)")
    }

    @Test("-u splits at the first colon: ':pass' has an empty user, 'user' an empty password and a warning")
    func userAndPassword() throws {
        #expect(try parse("curl -u :secret https://h.test").request.auth == .basic(user: "", password: "secret"))
        #expect(try parse("curl -u 'ada:a:b' https://h.test").request.auth == .basic(user: "ada", password: "a:b"))
        let promptless = try parse("curl -u ada https://h.test")
        #expect(promptless.request.auth == .basic(user: "ada", password: ""))
        #expect(promptless.warnings.contains { $0.contains("asks for the password") })
    }

    @Test("--digest saves Digest auth, answered from the challenge: never a Basic header")
    func digest() throws {
        let imported = try parse("curl -u ada:pw --digest https://h.test")
        #expect(imported.request.auth == .digest(user: "ada", password: "pw", algorithm: nil))
        #expect(!imported.request.headers.contains { $0.name.lowercased() == "authorization" })
        #expect(imported.warnings.isEmpty, "\(imported.warnings)")
    }

    @Test("A trailing '&' makes no entry; a query that would not come back byte for byte stays in the URL")
    func query() throws {
        let trailing = try parse("curl 'https://h.test/?format=json&'").request
        #expect(trailing.query == [Field(name: "format", value: "json")] && trailing.url == "https://h.test/")
        let bare = try parse("curl 'https://h.test/?noequals&a=1'").request
        #expect(bare.query.isEmpty && bare.url == "https://h.test/?noequals&a=1")
        let plus = try parse("curl 'https://h.test/s?q=a+b'").request
        #expect(plus.url == "https://h.test/s?q=a+b")
    }

    @Test("-X is kept as written; a standard method in any case is saved in capitals, with a note")
    func methods() throws {
        #expect(try parse("curl -X wHat h.test").request.method == "wHat")
        let lower = try parse("curl -X post h.test")
        #expect(lower.request.method == "POST" && lower.warnings.contains { $0.contains("sends the method as written") })
        let (loaded, problems) = DocumentParser.request(CollectionWriter.text(of: try parse("curl -X wHat h.test").request), file: "m.yaml")
        #expect(loaded?.method == "wHat" && problems.isEmpty)
    }

    @Test("-d joins with '&' and sends a form; --data-raw keeps '@'; --json joins without a separator")
    func data() throws {
        let form = try parse("curl h.test -d a=1 --data-raw '@b' --data-ascii c=3").request
        #expect(form.body == .text("a=1&@b&c=3") && form.method == "POST")
        #expect(form.headers == [Field(name: "Content-Type", value: "application/x-www-form-urlencoded")])
        let json = try parse(#"curl h.test --json '{"a":' --json '1}'"#).request
        #expect(json.body == .json(.object([("a", .number("1"))])))
        #expect(json.headers.map(\.name) == ["Content-Type", "Accept"])
        let spaced = try parse(#"curl h.test --json '{   }'"#).request
        #expect(spaced.body == .text("{   }"), "JSON that would be written back differently stays text")
    }

    @Test("--data-urlencode: content, =content, name=content, name@file; a space is '+'")
    func urlencode() throws {
        let request = try parse("curl h.test --data-urlencode 'a b' --data-urlencode '=c&d' --data-urlencode 'n=é f'").request
        #expect(request.body == .text("a+b&c%26d&n=%C3%A9+f"))
    }

    @Test("-d @file copies the file with CR and LF removed; --data-binary @file stays a reference")
    func dataFiles() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("curl-import-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        try Data("a=1\r\n&b=2\n".utf8).write(to: directory.appendingPathComponent("body.txt"))
        let stripped = try CurlImporter.parse("curl h.test -d @body.txt -d c=3", directory: directory)
        #expect(stripped.request.body == .text("a=1&b=2&c=3"))
        #expect(stripped.warnings.contains { $0.hasPrefix("the content of body.txt was copied") })
        let raw = try CurlImporter.parse("curl h.test --data-binary @body.txt", directory: directory).request
        #expect(raw.body == .file(directory.appendingPathComponent("body.txt").path))
        #expect(raw.headers == [Field(name: "Content-Type", value: "application/x-www-form-urlencoded")])
        #expect(throws: CurlImporter.ImportError.self) { try CurlImporter.parse("curl h.test -d @missing.txt", directory: directory) }
    }

    @Test("@- reads the heredoc, the here-string, a redirected file, or courier's own standard input")
    func standardInput() throws {
        let heredoc = try parse("curl h.test -H 'Content-Type: text/plain' --data-binary @- <<DATA\nline one\nline two\nDATA\n").request
        #expect(heredoc.body == .text("line one\nline two\n"))
        #expect(try parse("curl h.test --data-binary @- <<< 'hi'").request.body == .text("hi\n"))
        #expect(try parse("curl h.test --data-binary @- < payload.xml").request.body == .file("/work/project/payload.xml"))
        #expect(try parse("curl h.test -d @-", input: "a=1\nb").request.body == .text("a=1b"))
        #expect(throws: CurlImporter.ImportError.self) { try parse("curl h.test -d @-") }
        #expect(throws: CurlImporter.ImportError.self) { try parse("echo hi | curl h.test -d @-") }
    }

    @Test("-F keeps the parts' order, unquotes values, and takes ;type= and ;filename= off text parts")
    func form() throws {
        let request = try parse(#"curl h.test -F 'a=x;y' -F 'f=@pic.png' -F 'b="q;w\"e";type=text/foo' -F 'c=v;type=text/bar;filename=c.txt' --form-string 'd=@e;type=x'"#).request
        #expect(request.body == .multipart([
            MultipartField(name: "a", value: "x"),
            MultipartField(name: "f", file: "/work/project/pic.png"),
            MultipartField(name: "b", value: "q;w\"e", mime: "text/foo"),
            MultipartField(name: "c", value: "v", mime: "text/bar", filename: "c.txt"),
            MultipartField(name: "d", value: "@e;type=x"),
        ]))
        #expect(try parse("curl h.test -F 'f=@data.json'").request.body == .multipart([
            MultipartField(name: "f", file: "/work/project/data.json", mime: "application/octet-stream"),
        ]), "curl sends application/octet-stream for .json, where Courier would guess application/json: the type is saved")
    }

    @Test("-H 'Name;' is an empty header, -H 'Name:' removes one; -A, -e, -b and --range are headers, --oauth2-bearer is bearer auth")
    func headers() throws {
        let request = try parse("curl h.test -H 'X-Empty;' -H 'X-Gone: 1' -H 'X-Gone:' -A agent -e 'https://r.test;auto' -b 'a=1' --range 600 --oauth2-bearer tok").request
        #expect(request.headers == [
            Field(name: "X-Empty", value: ""), Field(name: "User-Agent", value: "agent"), Field(name: "Referer", value: "https://r.test"),
            Field(name: "Cookie", value: "a=1"), Field(name: "Range", value: "bytes=600-"),
        ])
        #expect(request.auth == .bearer("tok"))
        #expect(try parse("curl h.test --oauth2-bearer tok --digest").request.auth == nil, "with --digest curl waits for the server's challenge")
    }

    @Test("Shell variables become {{$env.NAME}} with a warning saying where; single quotes keep them literal")
    func variables() throws {
        let imported = try parse(#"curl "h.test/v2" -H "Authorization: Bearer $TOKEN" -H 'X-Literal: $NOT' -d "id=${ID}""#)
        #expect(imported.request.headers.first == Field(name: "Authorization", value: "Bearer {{$env.TOKEN}}"))
        #expect(imported.request.headers.contains(Field(name: "X-Literal", value: "$NOT")))
        #expect(imported.request.body == .text("id={{$env.ID}}"))
        #expect(imported.warnings.contains("$TOKEN (in the -H value): the shell fills it in; saved as {{$env.TOKEN}}, taken from the environment when the request is sent"))
        #expect(imported.warnings.contains { $0.hasPrefix("$ID (in the -d value)") })
    }

    @Test("What cannot be one HTTP request is refused with a sentence", arguments: [
        "curl ftp://h.test/file", "curl h.test/a h.test/b", "curl h.test --next h.test/2", "curl h.test -d `cat x`",
        "curl a.test\ncurl b.test", "curl h.test -F a=1 -d b=2", "wget h.test",
    ])
    func refused(command: String) {
        #expect(throws: CurlImporter.ImportError.self) { try parse(command) }
    }

    @Test("Comments and blank lines around the command are skipped; -- ends the options")
    func snippet() throws {
        let imported = try parse("# from the docs\n\ncurl -s -- h.test/x\n")
        #expect(imported.request.url == "http://h.test/x")
    }
}
