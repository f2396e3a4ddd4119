import Crypto
import Foundation

/// A hash algorithm of HTTP Digest authentication (RFC 7616, section 3.3).
public enum DigestAlgorithm: String, Sendable, CaseIterable {
    case md5 = "MD5"
    case md5Session = "MD5-sess"
    case sha256 = "SHA-256"
    case sha256Session = "SHA-256-sess"

    /// The algorithm named `name`, in any case (`md5`, `SHA-256-sess`); nil for one Courier does not speak.
    public init?(name: String) {
        guard let known = Self.allCases.first(where: { $0.rawValue.caseInsensitiveCompare(name) == .orderedSame }) else { return nil }
        self = known
    }

    /// Whether HA1 is rehashed with the server's and the client's nonce (`-sess`).
    public var isSession: Bool { self == .md5Session || self == .sha256Session }

    /// How strongly the algorithm protects the password: a client picks the strongest a server offers.
    var strength: Int {
        switch self {
        case .md5, .md5Session: return 1
        case .sha256, .sha256Session: return 2
        }
    }

    /// The lower-case hex digest of `text`'s UTF-8 bytes.
    public func hash(_ text: String) -> String {
        let bytes = Data(text.utf8)
        switch self {
        case .md5, .md5Session: return Insecure.MD5.hash(data: bytes).hexString
        case .sha256, .sha256Session: return SHA256.hash(data: bytes).hexString
        }
    }
}

extension Sequence where Element == UInt8 {
    /// The bytes as lower-case hex, two digits each.
    var hexString: String {
        let digits = Array("0123456789abcdef".utf8)
        var out: [UInt8] = []
        for byte in self { out.append(digits[Int(byte >> 4)]); out.append(digits[Int(byte & 0x0F)]) }
        return String(decoding: out, as: UTF8.self)
    }
}
