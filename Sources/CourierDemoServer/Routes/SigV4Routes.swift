import Crypto
import Foundation

/// `/auth/sigv4/…` (any method, any path below): checks an AWS Signature Version 4 made with
/// `DemoCredentials`' key, in the `Authorization` header or presigned in the query, for any
/// service (`s3` encodes the path once, others twice). Written apart from CourierAuth's signer, so
/// a test of one against the other checks both.
enum SigV4Routes {
    static func respond(to request: DemoRequest, now: Date = Date()) -> DemoResponse {
        let signed = SigV4Verification.Received(method: request.method.rawValue, path: request.path, rawQuery: request.rawQuery,
                                                headers: request.headers, body: request.bodyData)
        switch SigV4Verification.verify(signed, secret: DemoCredentials.awsSecretAccessKey, now: now) {
        case .success(let signed):
            guard signed.accessKeyID == DemoCredentials.awsAccessKeyID else {
                return .error(.forbidden, code: "InvalidAccessKeyId", message: "Unknown access key \(signed.accessKeyID)")
            }
            return .json(DataEnvelope(data: ["authenticated": "true", "accessKey": signed.accessKeyID, "service": signed.service,
                                             "region": signed.region, "signedHeaders": signed.signedHeaders, "in": signed.placement]))
        case .failure(let refusal):
            return .error(.forbidden, code: refusal.code, message: refusal.message)
        }
    }
}

/// The checks of `/auth/sigv4`, in the order AWS makes them.
enum SigV4Verification {
    struct Signed {
        var accessKeyID, region, service, signedHeaders, placement: String
    }

    /// A request as it arrived: the path and query as the request line carries them.
    struct Received {
        var method: String
        var path: String
        var rawQuery: String?
        var headers: [(name: String, value: String)]
        var body: Data
    }

    struct Refusal: Error {
        var code: String
        var message: String
    }

    static func verify(_ request: Received, secret: String, now: Date) -> Result<Signed, Refusal> {
        func header(_ name: String) -> String? { request.headers.first { $0.name.caseInsensitiveCompare(name) == .orderedSame }?.value }
        let query = (request.rawQuery ?? "").split(separator: "&").map(String.init)
        let presigned = query.contains { $0.hasPrefix("X-Amz-Signature=") }
        var fields: [String: String] = [:]
        let stamp: String?
        if presigned {
            for item in query {
                let parts = item.split(separator: "=", maxSplits: 1).map { String($0).removingPercentEncoding ?? String($0) }
                if parts.count == 2 { fields[parts[0]] = parts[1] }
            }
            fields["Credential"] = fields["X-Amz-Credential"]
            fields["SignedHeaders"] = fields["X-Amz-SignedHeaders"]
            fields["Signature"] = fields["X-Amz-Signature"]
            stamp = fields["X-Amz-Date"]
        } else {
            guard let authorization = header("Authorization"), authorization.hasPrefix("AWS4-HMAC-SHA256 ") else {
                return .failure(Refusal(code: "MissingAuthenticationToken", message: "Sign the request with AWS Signature Version 4"))
            }
            for part in authorization.dropFirst("AWS4-HMAC-SHA256 ".count).split(separator: ",") {
                let pair = part.trimmingCharacters(in: .whitespaces).split(separator: "=", maxSplits: 1).map(String.init)
                if pair.count == 2 { fields[pair[0]] = pair[1] }
            }
            stamp = header("X-Amz-Date")
        }
        let scope = fields["Credential"]?.split(separator: "/").map(String.init) ?? []
        guard scope.count == 5, scope[4] == "aws4_request", let signedHeaders = fields["SignedHeaders"],
              let signature = fields["Signature"], let stamp, let date = parse(stamp), stamp.hasPrefix(scope[1]) else {
            return .failure(Refusal(code: "IncompleteSignature", message: "The signature lacks Credential, SignedHeaders, Signature or X-Amz-Date"))
        }
        let expires = presigned ? Double(fields["X-Amz-Expires"] ?? "") ?? 0 : 900
        guard now.timeIntervalSince(date) <= expires, date.timeIntervalSince(now) <= 900 else {
            return .failure(Refusal(code: presigned ? "AccessDenied" : "RequestTimeTooSkewed", message: "The signature has expired or is dated in the future"))
        }
        let service = scope[3]
        var payload = presigned ? "UNSIGNED-PAYLOAD" : SHA256.hash(data: request.body).hex
        if let declared = header("X-Amz-Content-SHA256") {
            guard declared == "UNSIGNED-PAYLOAD" || declared == payload else {
                return .failure(Refusal(code: "XAmzContentSHA256Mismatch", message: "X-Amz-Content-SHA256 does not match the body"))
            }
            payload = declared
        }
        let names = signedHeaders.split(separator: ";").map(String.init)
        let headerLines = names.map { name in
            let values = request.headers.filter { $0.name.lowercased() == name }.map { $0.value.split(separator: " ").joined(separator: " ") }
            return "\(name):\(values.joined(separator: ","))\n"
        }.joined()
        let canonicalQuery = query.filter { !$0.hasPrefix("X-Amz-Signature=") }.map { item -> (String, String) in
            let parts = item.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false).map { String($0).removingPercentEncoding ?? String($0) }
            return (encode(parts[0]), parts.count > 1 ? encode(parts[1]) : "")
        }.sorted { $0 < $1 }.map { "\($0.0)=\($0.1)" }.joined(separator: "&")
        let segments = request.path.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        let path = segments.map { service == "s3" ? encode($0.removingPercentEncoding ?? $0) : encode($0) }.joined(separator: "/")
        let canonical = [request.method, path, canonicalQuery, headerLines, signedHeaders, payload].joined(separator: "\n")
        let credentialScope = scope[1...].joined(separator: "/")
        let toSign = ["AWS4-HMAC-SHA256", stamp, credentialScope, SHA256.hash(data: Data(canonical.utf8)).hex].joined(separator: "\n")
        var key = SymmetricKey(data: Data("AWS4\(secret)".utf8))
        for part in scope[1...4] { key = SymmetricKey(data: Data(HMAC<SHA256>.authenticationCode(for: Data(part.utf8), using: key))) }
        let expected = Data(HMAC<SHA256>.authenticationCode(for: Data(toSign.utf8), using: key)).hex
        guard expected == signature else {
            // As AWS does, the refusal shows what the server signed, so a client can see where it differs.
            return .failure(Refusal(code: "SignatureDoesNotMatch", message: "The signature does not match. The canonical request was:\n\(canonical)"))
        }
        return .success(Signed(accessKeyID: scope[0], region: scope[2], service: service, signedHeaders: signedHeaders,
                               placement: presigned ? "query" : "header"))
    }

    private static func parse(_ stamp: String) -> Date? {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyyMMdd'T'HHmmss'Z'"
        return formatter.date(from: stamp)
    }

    /// RFC 3986: unreserved characters as they are, every other byte `%XX`.
    private static func encode(_ text: String) -> String {
        let unreserved = Set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~".utf8)
        return text.utf8.map { unreserved.contains($0) ? String(UnicodeScalar($0)) : String(format: "%%%02X", $0) }.joined()
    }
}

extension Sequence where Element == UInt8 {
    /// Lower-case hex.
    var hex: String { map { String(format: "%02x", $0) }.joined() }
}
