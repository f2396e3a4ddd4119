import Crypto
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Signs requests with AWS Signature Version 4: in the `Authorization` header for sending, or in
/// the query string (presigning) for a URL that works on its own, as `courier curl` prints it.
public struct SigV4Signer: Sendable {
    public var credentials: AWSCredentials
    public var scope: AWSScope

    /// The payload hash of a body that is not signed (a streamed body, a presigned URL).
    public static let unsignedPayload = "UNSIGNED-PAYLOAD"
    static let algorithm = "AWS4-HMAC-SHA256"

    public init(credentials: AWSCredentials, scope: AWSScope) {
        self.credentials = credentials
        self.scope = scope
    }

    /// `request` with `X-Amz-Date`, the session token, S3's payload hash and `Authorization` set.
    /// - Parameter date: The signing time; the signature is valid for 15 minutes around it.
    public func sign(_ request: URLRequest, at date: Date) -> URLRequest {
        var request = request
        guard let url = request.url, let host = Self.host(of: url) else { return request }
        let stamp = Self.timestamp(date)
        let payloadHash = request.httpBodyStream != nil ? Self.unsignedPayload : CanonicalRequest.hash(request.httpBody ?? Data())
        request.setValue(stamp, forHTTPHeaderField: "X-Amz-Date")
        if let token = credentials.sessionToken { request.setValue(token, forHTTPHeaderField: "X-Amz-Security-Token") }
        if scope.isS3 { request.setValue(payloadHash, forHTTPHeaderField: "X-Amz-Content-SHA256") }
        var headers = [(name: "host", value: host)]
        for (name, value) in request.allHTTPHeaderFields ?? [:] where name.lowercased().hasPrefix("x-amz-") {
            headers.append((name.lowercased(), value))
        }
        let canonical = CanonicalRequest(method: request.httpMethod ?? "GET", path: Self.path(of: url), query: Self.query(of: url),
                                         headers: headers, payloadHash: payloadHash, scope: scope)
        let signature = self.signature(of: canonical, stamp: stamp)
        request.setValue("\(Self.algorithm) Credential=\(credentials.accessKeyID)/\(credentialScope(stamp)), "
                         + "SignedHeaders=\(canonical.signedHeaders), Signature=\(signature)", forHTTPHeaderField: "Authorization")
        return request
    }

    /// `url` with the signature in its query (`X-Amz-Algorithm` … `X-Amz-Signature`), signing only
    /// the host: any client can send it for `expires` seconds, headers and body as it likes.
    /// - Parameters:
    ///   - method: The method the URL is for.
    ///   - expires: Seconds the URL stays valid, 1 to 604800 (a week).
    public func presign(_ url: URL, method: String, expires: Int, at date: Date) -> URL {
        guard let host = Self.host(of: url), var components = URLComponents(url: url, resolvingAgainstBaseURL: false) else { return url }
        let stamp = Self.timestamp(date)
        var added = [
            ("X-Amz-Algorithm", Self.algorithm), ("X-Amz-Credential", "\(credentials.accessKeyID)/\(credentialScope(stamp))"),
            ("X-Amz-Date", stamp), ("X-Amz-Expires", String(min(max(expires, 1), 604_800))), ("X-Amz-SignedHeaders", "host"),
        ]
        if let token = credentials.sessionToken { added.append(("X-Amz-Security-Token", token)) }
        let encodedAdded = added.map { "\(CanonicalRequest.encode($0.0))=\(CanonicalRequest.encode($0.1))" }.joined(separator: "&")
        let query = [components.percentEncodedQuery, encodedAdded].compactMap { $0?.isEmpty == false ? $0 : nil }.joined(separator: "&")
        let canonical = CanonicalRequest(method: method, path: Self.path(of: url), query: query, headers: [("host", host)],
                                         payloadHash: Self.unsignedPayload, scope: scope)
        components.percentEncodedQuery = query + "&X-Amz-Signature=" + signature(of: canonical, stamp: stamp)
        return components.url ?? url
    }

    // MARK: - Parts

    /// `20150830/us-east-1/service/aws4_request`.
    func credentialScope(_ stamp: String) -> String {
        "\(stamp.prefix(8))/\(scope.region)/\(scope.service)/aws4_request"
    }

    /// What is signed: the algorithm, the time, the scope and the canonical request's hash.
    func stringToSign(_ canonical: CanonicalRequest, stamp: String) -> String {
        [Self.algorithm, stamp, credentialScope(stamp), CanonicalRequest.hash(Data(canonical.text.utf8))].joined(separator: "\n")
    }

    func signature(of canonical: CanonicalRequest, stamp: String) -> String {
        var key = SymmetricKey(data: Data("AWS4\(credentials.secretAccessKey)".utf8))
        for part in [String(stamp.prefix(8)), scope.region, scope.service, "aws4_request"] {
            key = SymmetricKey(data: Data(HMAC<SHA256>.authenticationCode(for: Data(part.utf8), using: key)))
        }
        return Data(HMAC<SHA256>.authenticationCode(for: Data(stringToSign(canonical, stamp: stamp).utf8), using: key)).hexString
    }

    /// `20150830T123600Z`, in UTC.
    static func timestamp(_ date: Date) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyyMMdd'T'HHmmss'Z'"
        return formatter.string(from: date)
    }

    /// The `Host` header a client sends: the port only when it is not the scheme's default.
    static func host(of url: URL) -> String? {
        guard let host = url.host else { return nil }
        let defaultPort = url.scheme?.lowercased() == "https" ? 443 : 80
        return url.port.map { $0 == defaultPort ? host : "\(host):\($0)" } ?? host
    }

    static func path(of url: URL) -> String {
        URLComponents(url: url, resolvingAgainstBaseURL: false)?.percentEncodedPath ?? "/"
    }

    static func query(of url: URL) -> String {
        URLComponents(url: url, resolvingAgainstBaseURL: false)?.percentEncodedQuery ?? ""
    }
}
