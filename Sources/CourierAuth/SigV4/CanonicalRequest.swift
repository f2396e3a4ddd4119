import Crypto
import Foundation

/// The canonical form of a request that AWS Signature Version 4 signs, and the encoding it uses.
struct CanonicalRequest {
    var method: String
    /// The path as the request line carries it (percent-encoded).
    var path: String
    /// The query as the request line carries it, without `?`.
    var query: String
    /// Headers to sign, names lower-cased.
    var headers: [(name: String, value: String)]
    var payloadHash: String
    var scope: AWSScope

    /// `host;x-amz-date`: the signed header names, sorted.
    var signedHeaders: String { sortedHeaders.map(\.name).joined(separator: ";") }

    private var sortedHeaders: [(name: String, value: String)] {
        headers.map { (name: $0.name.lowercased(), value: Self.trimmed($0.value)) }.sorted { $0.name < $1.name }
    }

    var text: String {
        [
            method.uppercased(), canonicalPath, Self.canonicalQuery(query),
            sortedHeaders.map { "\($0.name):\($0.value)\n" }.joined(), signedHeaders, payloadHash,
        ].joined(separator: "\n")
    }

    /// S3 encodes each segment once (decoded first); every other service encodes the path as sent once more.
    var canonicalPath: String {
        let path = self.path.isEmpty ? "/" : self.path
        if scope.isS3 {
            return path.split(separator: "/", omittingEmptySubsequences: false)
                .map { Self.encode(String($0).removingPercentEncoding ?? String($0)) }.joined(separator: "/")
        }
        return path.split(separator: "/", omittingEmptySubsequences: false).map { Self.encode(String($0)) }.joined(separator: "/")
    }

    /// Parameters decoded, encoded the AWS way, sorted by name then value.
    static func canonicalQuery(_ query: String) -> String {
        guard !query.isEmpty else { return "" }
        let pairs = query.split(separator: "&").map { item -> (String, String) in
            let parts = item.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let decode = { (text: Substring) in String(text).removingPercentEncoding ?? String(text) }
            return (encode(decode(parts[0])), parts.count > 1 ? encode(decode(parts[1])) : "")
        }
        return pairs.sorted { $0.0 == $1.0 ? $0.1 < $1.1 : $0.0 < $1.0 }.map { "\($0.0)=\($0.1)" }.joined(separator: "&")
    }

    /// RFC 3986 encoding: everything but `A-Z a-z 0-9 - . _ ~` as `%XX`, upper-case hex.
    static func encode(_ text: String) -> String {
        var out = ""
        for byte in text.utf8 {
            if (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A) || (byte >= 0x30 && byte <= 0x39) || "-._~".utf8.contains(byte) {
                out.unicodeScalars.append(Unicode.Scalar(byte))
            } else {
                out += String(format: "%%%02X", byte)
            }
        }
        return out
    }

    /// Leading and trailing spaces dropped, runs of spaces made one.
    static func trimmed(_ value: String) -> String {
        value.split(separator: " ", omittingEmptySubsequences: true).joined(separator: " ").trimmingCharacters(in: .whitespaces)
    }

    /// The hex SHA-256 of `data`: the payload hash, and the hash of the canonical request.
    static func hash(_ data: Data) -> String { SHA256.hash(data: data).hexString }
}
