@testable import CourierCollections
import CourierTestSupport
import Foundation
import Testing

@Suite(".http file import")
struct HTTPFileImportTests {
    @Test("A JetBrains .http file with its environment: Host headers, forms, JSON, multipart, handlers chained through globals")
    func jetBrains() throws {
        let environments = HTTPFileImporter.Environments(shared: try ImportFixtures.data("http/http-client.env.json"))
        let imported = try HTTPFileImporter.parse(try ImportFixtures.data("http/requests.http"), file: "requests.http",
                                                  folder: ImportFixtures.url("http").path, environments: environments)
        #expect(imported.requests.count == 8)
        #expect(imported.lines == [
            "POST http://localhost:8080/api/v1/user/forceChangePassword", "POST http://localhost:8080/api/v1/user/login",
            "DELETE http://localhost:8080/api/v1/project/{{projectUUID}}", "PUT http://localhost:8080/api/v1/project",
            "GET http://localhost:8080/api/v1/project/lookup", "POST http://localhost:8080/api/v1/bom",
            "GET http://localhost:8080/api/v1/bom/token/{{bomUploadToken}}", "GET http://localhost:8080/api/v1/finding/project/{{projectUUID}}",
        ])
        #expect(imported.requests.map(\.name).prefix(2) == ["Change Admin Password", "Login as Admin"])
        #expect(try imported.request(named: "Login as Admin").body == .form([Field(name: "username", value: "admin"), Field(name: "password", value: "{{adminPassword}}")]))
        let create = try imported.request(named: "Create Project")
        #expect(create.body == .json(.object([("name", .string("{{projectName}}")), ("version", .string("{{projectVersion}}")), ("classifier", .string("APPLICATION"))])))
        #expect(create.captures.map { "\($0.name): \($0.subject)" } == ["projectUUID: body uuid"])
        let upload = try imported.request(named: "Upload BOM")
        let bom = ImportFixtures.url("http/src/test/resources/bom-1.xml").standardizedFileURL.path
        #expect(upload.body == .multipart([MultipartField(name: "bom", file: bom, filename: "bom.xml"),
                                           MultipartField(name: "projectName", value: "{{projectName}}"),
                                           MultipartField(name: "projectVersion", value: "{{projectVersion}}")]))
        #expect(imported.environments == [ImportedEnvironment(name: "dev", variables: [Field(name: "projectName", value: "Foo"), Field(name: "projectVersion", value: "1.2.3")],
                                                              secrets: [Field(name: "adminPassword", value: "admin123")])])
        #expect(imported.unmapped.map(\.item) == ["line 11 (POST /api/v1/user/login): response handler"])

        // The part whose file is not there is listed when the import is finished, as the command does.
        var finished = imported
        finished.resolvingFiles { FileManager.default.fileExists(atPath: $0) ? $0 : nil }
        #expect(finished.unmapped.last?.item == "Upload BOM: multipart part bom")
        let written = try ImportFixtures.written(finished, into: "Track")
        #expect(written.tree.diagnostics.isEmpty, "\(written.tree.diagnostics)")
        #expect(try written.request("Track/delete-project").requires == ["create-project"])
        #expect(try written.request("Track/check-bom-upload-token-status").requires == ["upload-bom"])
        #expect(try written.request("Track/delete-project").auth == .bearer("{{bearerToken}}"))
    }

    @Test("REST Client request variables, file variables, built-ins, < file bodies and the private environment file")
    func restClient() throws {
        let directory = try TemporaryDirectory()
        try directory.write("payload.json", "{}")
        let text = """
        @host = https://api.example
        @base = {{host}}/v1

        # @name login
        POST {{base}}/login
        Content-Type: application/json

        {"user": "{{user}}", "password": "{{password}}"}

        ###
        # @name me
        // @no-redirect
        GET {{base}}/me?trace={{$guid}}
            &at={{$timestamp}}
        Authorization: Bearer {{login.response.body.$.data.token}}
        X-Session: {{login.response.headers.X-Session}}

        ### Upload
        PUT {{base}}/upload
        Content-Type: application/json

        < ./payload.json

        ###
        GET {{base}}/when?d={{$datetime iso8601}}
        """
        let environments = HTTPFileImporter.Environments(shared: Data(#"{"$shared": {"user": "ada"}, "local": {"region": "eu"}}"#.utf8),
                                                         secret: Data(#"{"local": {"password": "lovelace"}}"#.utf8))
        let imported = try HTTPFileImporter.parse(Data(text.utf8), file: "api.http", folder: directory.url.path, environments: environments)
        #expect(imported.requests.map(\.name) == ["login", "me", "Upload", "GET {{base}}/when"])
        #expect(imported.settings.variables == [Field(name: "host", value: "https://api.example"), Field(name: "base", value: "{{host}}/v1")])
        let login = try imported.request(named: "login")
        #expect(login.captures.map { "\($0.name): \($0.subject)" } == ["login_token: body data/token", "login_X_Session: header X-Session"])
        let me = try imported.request(named: "me")
        #expect(me.url == "{{base}}/me" && me.query == [Field(name: "trace", value: "{{$uuid}}"), Field(name: "at", value: "{{$timestamp}}")])
        #expect(me.headers == [Field(name: "Authorization", value: "Bearer {{login_token}}"), Field(name: "X-Session", value: "{{login_X_Session}}")])
        #expect(me.followRedirects == false)
        #expect(imported.requests[1].requiresKeys == ["login"])
        #expect(try imported.request(named: "Upload").body == .file(directory.url.appendingPathComponent("payload.json").standardizedFileURL.path))
        #expect(imported.environments == [ImportedEnvironment(name: "local", variables: [Field(name: "user", value: "ada"), Field(name: "region", value: "eu")],
                                                              secrets: [Field(name: "password", value: "lovelace")])])
        #expect(imported.unmapped.map(\.item) == ["line 25 (GET {{base}}/when?d={{$datetime iso8601}}): {{$datetime iso8601}}"])

        let written = try ImportFixtures.written(imported, into: "Api")
        #expect(written.tree.diagnostics.isEmpty, "\(written.tree.diagnostics)")
        // Courier does not fill in templates inside variable values: `base` is flattened.
        #expect(try written.text("Api/collection.yaml").contains("{name: base, value: https://api.example/v1}"))
        let saved = try written.request("Api/me")
        #expect(saved.requires == ["login"] && saved.auth == .bearer("{{login_token}}"))
        #expect(try written.text("Api/environments/local.secret.yaml") == "password: lovelace\n")
    }

    @Test("The parser alone: separators, comments, continuation lines, handlers and stray lines")
    func parser() {
        let file = HTTPFileParser.parse("""
        ### first
        https://example.com/a
        ###
        # just a comment

        ###
        POST https://example.com/b HTTP/1.1
        not a header
        X-A: 1

        line one

        > {%
          client.test("x", function() {
            client.assert(response.status === 200, "no");
          });
        %}
        """)
        #expect(file.requests.map(\.name) == ["first", nil])
        #expect(file.requests.map(\.method) == ["GET", "POST"])
        #expect(file.requests[1].headers == [Field(name: "X-A", value: "1")])
        #expect(file.requests[1].body == "line one")
        #expect(file.requests[1].responseScripts.count == 5)
        #expect(file.problems.map(\.line) == [8])
    }

    @Test("Text that is not UTF-8 is refused; an environment file that is not JSON names itself")
    func refused() {
        #expect(throws: ImportError("x.http is not UTF-8 text")) { try HTTPFileImporter.parse(Data([0xFF, 0xFE, 0xFD]), file: "x.http") }
        #expect(throws: ImportError.self) {
            try HTTPFileImporter.parse(Data("GET http://x".utf8), file: "x.http", environments: .init(shared: Data("{".utf8)))
        }
    }
}
