@testable import CourierCollections
import CourierTestSupport
import Foundation
import Testing

/// `auth:` in request files and `collection.yaml`: each kind read, written canonically, edited
/// losslessly, refused with a sentence when wrong, and inherited.
@Suite("Auth kinds in the file format")
struct AuthFormatTests {
    static let kinds: [AuthDefinition] = [
        .none, .bearer("{{token}}"), .basic(user: "ada", password: "{{password}}"),
        .apiKey(name: "X-API-Key", value: "{{apiKey}}", in: .header), .apiKey(name: "api_key", value: "k", in: .query),
        .digest(user: "ada", password: "{{password}}", algorithm: nil), .digest(user: "ada", password: "p", algorithm: "SHA-256-sess"),
        .awsSigV4(accessKey: "AKID", secretKey: "{{awsSecret}}", sessionToken: nil, region: "us-east-1", service: "s3"),
        .awsSigV4(accessKey: "{{awsAccessKey}}", secretKey: "{{awsSecretKey}}", sessionToken: "{{awsSessionToken}}",
                  region: "eu-west-1", service: "execute-api"),
    ]

    @Test("Each kind is written canonically and reads back the same", arguments: kinds)
    func roundTrip(auth: AuthDefinition) throws {
        var request = RequestDefinition()
        request.path = "x"
        request.auth = auth
        let text = CollectionWriter.text(of: request)
        let (read, problems) = DocumentParser.request(text, file: "r.yaml")
        #expect(problems.isEmpty, "\(problems)")
        #expect(read?.auth == auth, "\(text)")
        var collection = CollectionDefinition()
        collection.auth = auth
        #expect(DocumentParser.collection(CollectionWriter.text(of: collection), file: "collection.yaml").0?.auth == auth)
    }

    @Test("Canonical text: none a plain word, an API key in a header without in:, a long AWS auth in block style")
    func canonicalText() {
        #expect(CollectionWriter.authLines(.none) == ["auth: none"])
        #expect(CollectionWriter.authLines(.apiKey(name: "X-API-Key", value: "{{apiKey}}", in: .header))
                == ["auth:", "  apiKey: {name: X-API-Key, value: \"{{apiKey}}\"}"])
        #expect(CollectionWriter.authLines(Self.kinds[8]) == [
            "auth:", "  awsSigV4:", "    accessKey: \"{{awsAccessKey}}\"", "    secretKey: \"{{awsSecretKey}}\"",
            "    sessionToken: \"{{awsSessionToken}}\"", "    region: eu-west-1", "    service: execute-api",
        ])
    }

    @Test("Wrong auth is an error at its place", arguments: [
        ("path: x\nauth: {digest: {password: p}}\n", "r.yaml:2:16: error: digest auth needs user"),
        ("path: x\nauth: {apiKey: {name: k, value: v, in: body}}\n", "r.yaml:2:40: error: apiKey auth's in is one of header, query, found 'body'"),
        ("path: x\nauth: {digest: {user: u, algorithm: SHA-1}}\n", "r.yaml:2:37: error: digest auth's algorithm is one of MD5, MD5-sess, SHA-256, SHA-256-sess, found 'SHA-1'"),
        ("path: x\nauth: nothing\n", "r.yaml:2:7: error: auth is `none` or a mapping with one of bearer, basic, apiKey, digest, awsSigV4, oauth2, found 'nothing'"),
        ("path: x\nauth: {awsSigV4: {accessKey: a, secretKey: s, region: r}}\n", "r.yaml:2:18: error: awsSigV4 auth needs service"),
    ])
    func errors(text: String, message: String) {
        let (_, problems) = DocumentParser.request(text, file: "r.yaml")
        #expect(problems.map(\.description).contains(message), "\(problems.map(\.description))")
    }

    @Test("A typo of a kind is an error with a suggestion; algorithm is read in any case")
    func typos() {
        let (_, problems) = DocumentParser.request("path: x\nauth: {digets: {user: u}}\n", file: "r.yaml")
        #expect(problems.contains { $0.description.contains("unknown key 'digets' in auth; did you mean 'digest'?") }, "\(problems)")
        let (request, _) = DocumentParser.request("path: x\nauth: {digest: {user: u, algorithm: sha-256}}\n", file: "r.yaml")
        #expect(request?.auth == .digest(user: "u", password: "", algorithm: "SHA-256"))
    }

    @Test("Editing a field changes its value only; another kind replaces the kind; comments stay")
    func lossless() throws {
        let file = """
            # signed
            path: items  # the list
            auth:
              digest: {user: ada, password: "{{password}}"}   # from the secret file
            timeout: 5

            """
        var draft = try #require(DocumentParser.request(file, file: "r.yaml").0)
        draft.auth = .digest(user: "grace", password: "{{password}}", algorithm: "MD5")
        let edited = try LosslessEdit.request(file, to: draft, file: "r.yaml")
        #expect(edited == file.replacingOccurrences(of: "{user: ada, password: \"{{password}}\"}",
                                                    with: "{user: grace, password: \"{{password}}\", algorithm: MD5}"))
        draft.auth = .apiKey(name: "X-Key", value: "{{key}}", in: .query)
        let other = try LosslessEdit.request(file, to: draft, file: "r.yaml")
        #expect(other == file.replacingOccurrences(of: "digest: {user: ada, password: \"{{password}}\"}",
                                                   with: "apiKey: {name: X-Key, value: \"{{key}}\", in: query}"))
        draft.auth = AuthDefinition.none
        let none = try LosslessEdit.request(file, to: draft, file: "r.yaml")
        #expect(none == "# signed\npath: items  # the list\nauth: none   # from the secret file\ntimeout: 5\n", "\(none)")

        let settings = "name: API   # ours\nbaseUrl: http://x\n"
        var collection = try #require(DocumentParser.collection(settings, file: "collection.yaml").0)
        collection.auth = .bearer("{{token}}")
        #expect(try LosslessEdit.collection(settings, to: collection, file: "collection.yaml")
                == "name: API   # ours\nbaseUrl: http://x\nauth: {bearer: \"{{token}}\"}\n")
    }

    @Test("Inheritance: the nearest collection.yaml's auth, the request's own over it, auth: none stops it")
    func inheritance() throws {
        let directory = try TemporaryDirectory()
        try directory.write("API/collection.yaml", "baseUrl: http://x\nauth: {bearer: outer}\n")
        try directory.write("API/a.yaml", "path: a\n")
        try directory.write("API/inner/collection.yaml", "auth:\n  basic: {user: u, password: p}\n")
        try directory.write("API/inner/b.yaml", "path: b\n")
        try directory.write("API/inner/own.yaml", "path: c\nauth: {apiKey: {name: k, value: v}}\n")
        try directory.write("API/off/collection.yaml", "auth: none\n")
        try directory.write("API/off/d.yaml", "path: d\n")
        let tree = CollectionLoader.load(directory.url)
        func effective(_ id: String) -> EffectiveAuth? { tree.request(id: id).flatMap(EffectiveAuth.init(of:)) }
        #expect(effective("API/a")?.auth == .bearer("outer") && effective("API/a")?.isInherited == true)
        #expect(effective("API/a")?.location?.file.hasSuffix("API/collection.yaml") == true)
        #expect(effective("API/inner/b")?.auth == .basic(user: "u", password: "p"))
        #expect(effective("API/inner/b")?.location?.line == 1)
        #expect(effective("API/inner/own")?.auth == .apiKey(name: "k", value: "v", in: .header) && effective("API/inner/own")?.isInherited == false)
        #expect(effective("API/off/d")?.auth == AuthDefinition.none)
    }
}
