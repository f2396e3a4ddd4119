@testable import CourierAuth
@testable import CourierDemoServer
import Foundation
import Testing
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// AWS's Signature Version 4 test suite (Fixtures/sigv4-vectors.json, see SOURCE.md), checked
/// against CourierAuth's signer and against the demo server's verifier, written apart from it.
@Suite("SigV4 vectors")
struct SigV4VectorTests {
    struct Suite: Decodable {
        struct Credentials: Decodable { let accessKeyID, secretAccessKey: String }
        struct Vector: Decodable, CustomTestStringConvertible {
            let name, method, path, query, body, authz: String
            let headers: [[String]]
            var testDescription: String { name }
        }

        let credentials: Credentials
        let region, service, date: String
        let vectors: [Vector]
    }

    static let suite: Suite = {
        let file = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/sigv4-vectors.json")
        do {
            return try JSONDecoder().decode(Suite.self, from: Data(contentsOf: file))
        } catch {
            fatalError("Fixtures/sigv4-vectors.json cannot be read: \(error)")
        }
    }()

    static var signingDate: Date { Date(timeIntervalSince1970: 1_440_938_160) }  // 2015-08-30T12:36:00Z

    @Test("The signer's Authorization matches the suite's", arguments: suite.vectors)
    func signer(vector: Suite.Vector) {
        let suite = Self.suite
        let signer = SigV4Signer(credentials: AWSCredentials(accessKeyID: suite.credentials.accessKeyID,
                                                             secretAccessKey: suite.credentials.secretAccessKey),
                                 scope: AWSScope(region: suite.region, service: suite.service))
        let canonical = CanonicalRequest(method: vector.method, path: vector.path, query: vector.query,
                                         headers: vector.headers.map { ($0[0], $0[1]) },
                                         payloadHash: CanonicalRequest.hash(Data(vector.body.utf8)), scope: signer.scope)
        let signature = signer.signature(of: canonical, stamp: suite.date)
        #expect(vector.authz == "AWS4-HMAC-SHA256 Credential=AKIDEXAMPLE/\(signer.credentialScope(suite.date)), "
                + "SignedHeaders=\(canonical.signedHeaders), Signature=\(signature)")
    }

    @Test("The demo server's verifier accepts the suite's signed requests and refuses a changed one", arguments: suite.vectors)
    func verifier(vector: Suite.Vector) {
        var headers = vector.headers.map { (name: $0[0], value: $0[1]) }
        headers.append((name: "Authorization", value: vector.authz))
        var received = SigV4Verification.Received(method: vector.method, path: vector.path, rawQuery: vector.query.isEmpty ? nil : vector.query,
                                                  headers: headers, body: Data(vector.body.utf8))
        let secret = Self.suite.credentials.secretAccessKey
        guard case .success(let signed) = SigV4Verification.verify(received, secret: secret, now: Self.signingDate) else {
            Issue.record("\(vector.name) was refused")
            return
        }
        #expect(signed.accessKeyID == "AKIDEXAMPLE" && signed.service == "service")
        received.body.append(contentsOf: Array("x".utf8))
        received.method = vector.method == "GET" ? "HEAD" : "PUT"
        guard case .failure(let refusal) = SigV4Verification.verify(received, secret: secret, now: Self.signingDate) else {
            Issue.record("a changed \(vector.name) was accepted")
            return
        }
        #expect(refusal.code == "SignatureDoesNotMatch")
        guard case .failure(let late) = SigV4Verification.verify(received, secret: secret, now: Self.signingDate + 3600) else {
            Issue.record("an hour-old \(vector.name) was accepted")
            return
        }
        #expect(late.code == "RequestTimeTooSkewed")
    }

    @Test("A presigned URL carries every X-Amz parameter and verifies; S3 sends X-Amz-Content-SHA256")
    func presign() throws {
        let signer = SigV4Signer(credentials: AWSCredentials(accessKeyID: "AKID", secretAccessKey: "secret", sessionToken: "tok/en"),
                                 scope: AWSScope(region: "eu-west-1", service: "s3"))
        let url = try #require(URL(string: "http://127.0.0.1:8080/bucket/my%20file.txt?versionId=3"))
        let presigned = signer.presign(url, method: "GET", expires: 300, at: Self.signingDate)
        let query = try #require(URLComponents(url: presigned, resolvingAgainstBaseURL: false)?.queryItems)
        #expect(query.map(\.name) == ["versionId", "X-Amz-Algorithm", "X-Amz-Credential", "X-Amz-Date", "X-Amz-Expires",
                                      "X-Amz-SignedHeaders", "X-Amz-Security-Token", "X-Amz-Signature"])
        #expect(query.first { $0.name == "X-Amz-Credential" }?.value == "AKID/20150830/eu-west-1/s3/aws4_request")
        let parts = try #require(URLComponents(url: presigned, resolvingAgainstBaseURL: false))
        let received = SigV4Verification.Received(method: "GET", path: parts.percentEncodedPath, rawQuery: parts.percentEncodedQuery,
                                                  headers: [("Host", "127.0.0.1:8080")], body: Data())
        guard case .success(let signed) = SigV4Verification.verify(received, secret: "secret", now: Self.signingDate + 299) else {
            Issue.record("the presigned URL was refused")
            return
        }
        #expect(signed.placement == "query")
        guard case .failure = SigV4Verification.verify(received, secret: "secret", now: Self.signingDate + 301) else {
            Issue.record("an expired presigned URL was accepted")
            return
        }
        var request = URLRequest(url: url)
        request.httpMethod = "PUT"
        request.httpBody = Data("hello".utf8)
        let signedRequest = signer.sign(request, at: Self.signingDate)
        #expect(signedRequest.value(forHTTPHeaderField: "X-Amz-Content-SHA256") == CanonicalRequest.hash(Data("hello".utf8)))
        #expect(signedRequest.value(forHTTPHeaderField: "Authorization")?.contains("SignedHeaders=host;x-amz-content-sha256;x-amz-date;x-amz-security-token,") == true)
    }
}
