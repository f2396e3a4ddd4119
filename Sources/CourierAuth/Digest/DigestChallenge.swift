import Foundation

/// One `Digest` challenge of a `WWW-Authenticate` header (RFC 7616, section 3.3).
public struct DigestChallenge: Sendable, Equatable {
    public var realm: String
    public var nonce: String
    public var opaque: String?
    /// The algorithm; a challenge that names none means MD5.
    public var algorithm: DigestAlgorithm
    /// The qop values offered (`auth`, `auth-int`); empty for an RFC 2069 server, which wants none.
    public var qop: [String]
    /// Whether the nonce was refused only for being old: the same credentials work with the new one.
    public var stale: Bool

    public init(realm: String, nonce: String, opaque: String? = nil, algorithm: DigestAlgorithm = .md5, qop: [String] = ["auth"],
                stale: Bool = false) {
        self.realm = realm
        self.nonce = nonce
        self.opaque = opaque
        self.algorithm = algorithm
        self.qop = qop
        self.stale = stale
    }

    /// The Digest challenges of a `WWW-Authenticate` value that Courier can answer, strongest
    /// algorithm first. Several challenges may share one value, separated by commas, as a server
    /// offering SHA-256 and MD5 sends them (or as repeated headers are joined).
    public static func parse(_ header: String) -> [DigestChallenge] {
        AuthenticateHeader.challenges(in: header)
            .filter { $0.scheme.lowercased() == "digest" }
            .compactMap(DigestChallenge.init(parameters:))
            .sorted { $0.algorithm.strength > $1.algorithm.strength }
    }

    private init?(parameters challenge: AuthenticateHeader.Challenge) {
        let parameters = challenge.parameters
        guard let nonce = parameters["nonce"] else { return nil }
        let algorithm: DigestAlgorithm
        if let name = parameters["algorithm"] {
            guard let known = DigestAlgorithm(name: name) else { return nil }
            algorithm = known
        } else {
            algorithm = .md5
        }
        let qop = parameters["qop"].map { $0.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces).lowercased() } } ?? []
        // Only `auth` is answered; a server that insists on `auth-int` gets its 401 back.
        guard qop.isEmpty || qop.contains("auth") else { return nil }
        self.init(realm: parameters["realm"] ?? "", nonce: nonce, opaque: parameters["opaque"], algorithm: algorithm, qop: qop,
                  stale: parameters["stale"]?.lowercased() == "true")
    }
}

/// Reads the challenges of a `WWW-Authenticate` value: `Scheme k=v, k="v", Scheme2 k=v`.
enum AuthenticateHeader {
    struct Challenge {
        var scheme: String
        /// Parameter names lower-cased; quoted values unescaped.
        var parameters: [String: String] = [:]
    }

    static func challenges(in header: String) -> [Challenge] {
        var scanner = Scanner(text: Array(header.unicodeScalars))
        var challenges: [Challenge] = []
        while !scanner.atEnd {
            scanner.skip { $0 == " " || $0 == "\t" || $0 == "," }
            let token = scanner.token()
            guard !token.isEmpty else { scanner.advance(); continue }
            scanner.skip { $0 == " " || $0 == "\t" }
            if scanner.peek == "=", var current = challenges.popLast() {
                // `name=value` belongs to the challenge before it.
                scanner.advance()
                scanner.skip { $0 == " " || $0 == "\t" }
                current.parameters[token.lowercased()] = scanner.value()
                challenges.append(current)
            } else {
                challenges.append(Challenge(scheme: token))
            }
        }
        return challenges
    }

    private struct Scanner {
        let text: [Unicode.Scalar]
        var index = 0

        var atEnd: Bool { index >= text.count }
        var peek: Unicode.Scalar? { atEnd ? nil : text[index] }
        mutating func advance() { index += 1 }

        mutating func skip(while condition: (Unicode.Scalar) -> Bool) {
            while let scalar = peek, condition(scalar) { advance() }
        }

        /// A token: anything up to a separator.
        mutating func token() -> String {
            var out = String.UnicodeScalarView()
            while let scalar = peek, !" \t,=\"".unicodeScalars.contains(scalar) { out.append(scalar); advance() }
            return String(out)
        }

        /// A quoted string (with `\` escapes) or a token.
        mutating func value() -> String {
            guard peek == "\"" else { return token() }
            advance()
            var out = String.UnicodeScalarView()
            while let scalar = peek, scalar != "\"" {
                if scalar == "\\" { advance() }
                if let next = peek { out.append(next); advance() }
            }
            advance()
            return String(out)
        }
    }
}
