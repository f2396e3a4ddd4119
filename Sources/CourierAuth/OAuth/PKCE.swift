import Crypto
import Foundation

/// A PKCE pair (RFC 7636): the verifier kept by the client, the S256 challenge sent in the
/// authorization request, so a stolen authorization code is useless without the verifier.
struct PKCE: Sendable, Equatable {
    let verifier: String

    /// A fresh verifier of 32 random bytes, base64url-encoded (43 characters).
    init() { verifier = Self.randomText(bytes: 32) }

    init(verifier: String) { self.verifier = verifier }

    /// `BASE64URL(SHA256(verifier))`.
    var challenge: String { Self.base64URL(Data(SHA256.hash(data: Data(verifier.utf8)))) }

    /// `bytes` random bytes as base64url text: verifiers and `state` values.
    static func randomText(bytes: Int) -> String {
        var generator = SystemRandomNumberGenerator()
        return base64URL(Data((0..<bytes).map { _ in UInt8.random(in: .min ... .max, using: &generator) }))
    }

    /// Base64 with the URL-safe alphabet and no padding (RFC 7636 appendix A).
    static func base64URL(_ data: Data) -> String {
        data.base64EncodedString().replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
    }
}
