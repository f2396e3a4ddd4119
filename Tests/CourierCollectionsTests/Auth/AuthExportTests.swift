import Courier
import CourierAuth
import CourierCollections
import CourierTestSupport
import Foundation
import Testing

/// What the resolver makes of each auth kind: headers and query for keys, the credentials among
/// the secrets, and the exported commands (`--digest -u`, a presigned AWS URL), masked with `--redact`.
@Suite("Auth kinds resolved and exported")
struct AuthExportTests {
    private func resolution(_ auth: String, secrets: [String: String] = [:]) throws -> Resolution {
        let directory = try TemporaryDirectory()
        try directory.write("API/collection.yaml", "baseUrl: http://127.0.0.1:8080\n")
        try directory.write("API/r.yaml", "path: items/7\nquery: [{name: page, value: \"2\"}]\nauth: \(auth)\n")
        let loaded = try #require(CollectionLoader.load(directory.url).request(id: "API/r"))
        let context = TemplateContext(variables: secrets, secretNames: Set(secrets.keys))
        return try RequestResolver(context: context).resolution(of: loaded)
    }

    @Test("An API key goes in its header or its query parameter, and is masked wherever it shows")
    func apiKey() throws {
        let header = try resolution("{apiKey: {name: X-Custom, value: written-key-value}}")
        let headerCommand = try ExportFormat.curl.command(for: header.request, auth: header.auth)
        #expect(headerCommand.text().contains("-H 'X-Custom: written-key-value'"))
        #expect(headerCommand.text(redactedBy: header.redactor).contains("-H 'X-Custom: ••••••'"))
        let query = try resolution("{apiKey: {name: key, value: written-key-value, in: query}}")
        #expect(try query.request.urlRequest().url?.absoluteString == "http://127.0.0.1:8080/items/7?page=2&key=written-key-value")
        #expect(try ExportFormat.httpie.command(for: query.request, auth: query.auth).text(redactedBy: query.redactor)
            .contains("http://127.0.0.1:8080/items/7?page=2&key=••••••"))
    }

    @Test("Digest: curl --digest -u, HTTPie --auth-type=digest; the password is a secret")
    func digest() throws {
        let resolved = try resolution("{digest: {user: ada, password: \"{{password}}\"}}", secrets: ["password": "digest-password"])
        #expect(resolved.auth == .digest(user: "ada", password: "digest-password", algorithm: nil))
        #expect(try resolved.request.urlRequest().value(forHTTPHeaderField: "Authorization") == nil, "answered only once challenged")
        let curl = try ExportFormat.curl.command(for: resolved.request, auth: resolved.auth)
        #expect(curl.groups[1] == [.word("--digest"), .word("-u"), .value("ada:digest-password")])
        #expect(curl.text(redactedBy: resolved.redactor).contains("-u 'ada:••••••'"))
        let httpie = try ExportFormat.httpie.command(for: resolved.request, auth: resolved.auth)
        #expect(httpie.groups[1] == [.word("--auth-type=digest"), .word("--auth"), .value("ada:digest-password")])
    }

    @Test("AWS: a presigned URL for curl and HTTPie; the secret key and the signature never printed with --redact")
    func aws() throws {
        let resolved = try resolution("{awsSigV4: {accessKey: AKID, secretKey: aws-secret-key-value, sessionToken: session-token-value, region: eu-west-1, service: execute-api}}")
        let date = Date(timeIntervalSince1970: 1_700_000_000)
        let signer = try #require(resolved.auth?.signer)
        let url = try #require(URL(string: "http://127.0.0.1:8080/items/7?page=2"))
        let presigned = signer.presign(url, method: "GET", expires: ExportFormat.presignedLifetime, at: date).absoluteString
        for format in ExportFormat.allCases {
            let command = try format.command(for: resolved.request, auth: resolved.auth, at: date)
            #expect(command.text().contains(presigned), "\(command.text())")
            let redacted = command.text(redactedBy: resolved.redactor)
            #expect(redacted.contains("X-Amz-Signature=••••••") && redacted.contains("X-Amz-Security-Token=••••••"), "\(redacted)")
            #expect(!redacted.contains("aws-secret-key-value") && !redacted.contains("session-token-value"), "\(redacted)")
        }
        #expect(resolved.redactor.redact("aws-secret-key-value") == SecretRedactor.mask)
    }
}
