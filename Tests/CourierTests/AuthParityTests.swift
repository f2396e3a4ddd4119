import Courier
import CourierAuth
import CourierDemoServer
import Foundation
import Testing

/// Digest, AWS Signature V4 and API keys against the demo server's auth routes, over URLSession
/// and AsyncHTTPClient alike: the auth lives in the pipeline, not in either transport.
@Suite("Auth kinds over both transports")
struct AuthParityTests {
    typealias Answer = Envelope<[String: String]>

    /// The demo server's user, as `DemoServerConfiguration` has it.
    static func digest(password: String = "lovelace", algorithm: DigestAlgorithm? = nil) -> DigestAuthenticator {
        DigestAuthenticator(username: "ada", password: password, algorithm: algorithm)
    }

    @Test("Digest MD5 and SHA-256: the 401 is answered, later requests answer the kept nonce with nc counting up",
          arguments: TransportKind.allCases)
    func digest(kind: TransportKind) async throws {
        try await kind.withEndpoint { endpoint in
            endpoint.modifiers.add(interceptor: Self.digest())
            let first = try await DefaultRequest<Answer, String>(path: "auth/digest/md5", method: .get).asyncExecute(on: endpoint)
            #expect(first.data["algorithm"] == "MD5" && first.data["nc"] == "00000001")
            let second = try await DefaultRequest<Answer, String>(path: "auth/digest/md5", method: .post, body: .string("x")).asyncExecute(on: endpoint)
            #expect(second.data["nc"] == "00000002")
        }
        // A fresh endpoint: the kept MD5 nonce would be answered on the same origin and realm.
        try await kind.withEndpoint { endpoint in
            endpoint.modifiers.add(interceptor: Self.digest())
            let strongest = try await DefaultRequest<Answer, String>(path: "auth/digest/sha256", method: .get).asyncExecute(on: endpoint)
            #expect(strongest.data["algorithm"] == "SHA-256")
        }
    }

    @Test("Digest: a stale nonce is answered again with the new one; a wrong password ends at the 401, once",
          arguments: TransportKind.allCases)
    func digestStaleAndWrong(kind: TransportKind) async throws {
        try await kind.withEndpoint { endpoint in
            endpoint.modifiers.add(interceptor: Self.digest(algorithm: .md5))
            let request = DefaultRequest<Answer, String>(path: "auth/digest/md5", method: .get, queryParams: [("nonce-uses", "1")])
            let first = try await request.asyncExecute(on: endpoint)
            #expect(first.data["nc"] == "00000001")
            // The kept nonce is used up: the server says stale=true, and the request goes again with the new one.
            let again = try await request.asyncExecute(on: endpoint)
            #expect(again.data["nc"] == "00000001")
        }
        try await kind.withEndpoint { endpoint in
            endpoint.modifiers.add(interceptor: Self.digest(password: "wrong"))
            let refused = await DefaultRequest<Data, String>(path: "auth/digest/md5", method: .get).exchange(on: endpoint)
            #expect(refused.debug.urlResponse?.statusCode == 401)
            // Sent, challenged, answered once, refused: no loop.
            #expect(refused.debug.attempts == 2)
        }
    }

    @Test("AWS Signature V4 in the header, for API Gateway and S3 paths, bodies signed", arguments: TransportKind.allCases)
    func sigV4(kind: TransportKind) async throws {
        for service in ["execute-api", "s3"] {
            try await kind.withEndpoint { endpoint in
                let signer = SigV4Signer(credentials: AWSCredentials(accessKeyID: DemoCredentials.awsAccessKeyID,
                                                                     secretAccessKey: DemoCredentials.awsSecretAccessKey, sessionToken: "session/token"),
                                         scope: AWSScope(region: DemoCredentials.awsRegion, service: service))
                endpoint.modifiers.add(adapter: SigV4Adapter(signer: signer))
                let request = DefaultRequest<Answer, String>(path: "auth/sigv4/bucket/a%20b.txt", method: .put,
                                                             queryParams: [("b", "2 3"), ("a", "1")], body: .string("{\"k\": \"v\"}"))
                let answer = try await request.asyncExecute(on: endpoint)
                #expect(answer.data["service"] == service && answer.data["in"] == "header")
                #expect(answer.data["signedHeaders"]?.contains("x-amz-security-token") == true)
            }
        }
    }

    @Test("API key in a header and in the query", arguments: TransportKind.allCases)
    func apiKey(kind: TransportKind) async throws {
        try await kind.withEndpoint { endpoint in
            let header = DefaultRequest<Answer, String>(path: "auth/api-key", method: .get, headers: [RequestHeaderKey("X-API-Key"): DemoCredentials.apiKey])
            let byHeader = try await header.asyncExecute(on: endpoint)
            #expect(byHeader.data["in"] == "header")
            let query = DefaultRequest<Answer, String>(path: "auth/api-key", method: .get, queryParams: [("api_key", DemoCredentials.apiKey)])
            let byQuery = try await query.asyncExecute(on: endpoint)
            #expect(byQuery.data["in"] == "query")
            let wrong = await DefaultRequest<Data, String>(path: "auth/api-key", method: .get, queryParams: [("api_key", "nope")]).exchange(on: endpoint)
            #expect(wrong.debug.urlResponse?.statusCode == 401)
        }
    }
}
