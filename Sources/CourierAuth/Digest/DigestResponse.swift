import Foundation

/// The `Authorization: Digest …` value answering a challenge (RFC 7616, section 3.4), computed
/// from the parts that go into it; pure, so published examples check it.
public struct DigestResponse: Sendable, Equatable {
    public var username: String
    public var password: String
    public var challenge: DigestChallenge
    public var method: String
    /// The request target as sent: path and query.
    public var uri: String
    /// How many times this nonce has been used, this request included (`nc`).
    public var nonceCount: Int
    /// The client's nonce; used only with `qop`.
    public var clientNonce: String

    public init(username: String, password: String, challenge: DigestChallenge, method: String, uri: String,
                nonceCount: Int, clientNonce: String) {
        self.username = username
        self.password = password
        self.challenge = challenge
        self.method = method
        self.uri = uri
        self.nonceCount = nonceCount
        self.clientNonce = clientNonce
    }

    /// `nc` as sent: eight hex digits.
    public var nonceCountText: String {
        let hex = String(nonceCount, radix: 16)
        return String(repeating: "0", count: max(0, 8 - hex.count)) + hex
    }

    /// Whether the answer carries `qop=auth` (the server offered it) or is RFC 2069's plain form.
    private var usesQop: Bool { challenge.qop.contains("auth") }

    /// The `response=` value: the proof that the client knows the password.
    public var response: String {
        let hash = challenge.algorithm.hash
        var ha1 = hash("\(username):\(challenge.realm):\(password)")
        if challenge.algorithm.isSession { ha1 = hash("\(ha1):\(challenge.nonce):\(clientNonce)") }
        let ha2 = hash("\(method):\(uri)")
        if usesQop {
            return hash("\(ha1):\(challenge.nonce):\(nonceCountText):\(clientNonce):auth:\(ha2)")
        }
        return hash("\(ha1):\(challenge.nonce):\(ha2)")
    }

    /// The header value, parameters in RFC 7616's order.
    public var headerValue: String {
        var parts = [
            "username=\(Self.quoted(username))", "realm=\(Self.quoted(challenge.realm))", "uri=\(Self.quoted(uri))",
            "algorithm=\(challenge.algorithm.rawValue)", "nonce=\(Self.quoted(challenge.nonce))",
        ]
        if usesQop { parts += ["nc=\(nonceCountText)", "cnonce=\(Self.quoted(clientNonce))", "qop=auth"] }
        parts.append("response=\(Self.quoted(response))")
        if let opaque = challenge.opaque { parts.append("opaque=\(Self.quoted(opaque))") }
        return "Digest " + parts.joined(separator: ", ")
    }

    /// A quoted-string, `"` and `\` escaped.
    static func quoted(_ text: String) -> String {
        "\"" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
    }
}
