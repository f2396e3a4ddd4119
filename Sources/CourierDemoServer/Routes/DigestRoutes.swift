import Crypto
import Foundation
import Synchronization

/// `/auth/digest/md5` and `/auth/digest/sha256`: HTTP Digest (RFC 7616, qop=auth) for the demo
/// user. The SHA-256 route offers SHA-256 and MD5 challenges, strongest first. A nonce is good for
/// `?nonce-uses=N` answers (default 100), after which the server says `stale=true`; an `nc` that
/// does not count up is refused, as a replayed answer would be.
struct DigestRoutes {
    let nonces: DigestNonces
    let configuration: DemoServerConfiguration

    func respond(to request: DemoRequest, algorithm segment: String) -> DemoResponse {
        let algorithms: [String]
        switch segment {
        case "md5": algorithms = ["MD5"]
        case "sha256": algorithms = ["SHA-256", "MD5"]
        default: return .error(.notFound, code: "not_found", message: "Use /auth/digest/md5 or /auth/digest/sha256")
        }
        let limit = request.query("nonce-uses").flatMap(Int.init) ?? 100
        guard let header = request.header("Authorization"), header.lowercased().hasPrefix("digest ") else {
            return challenge(algorithms, limit: limit, stale: false, message: "Digest credentials are required")
        }
        let answer = DigestParameters.parse(String(header.dropFirst("digest ".count)))
        let algorithm = answer["algorithm"] ?? "MD5"
        guard algorithms.contains(algorithm),
              answer["username"] == configuration.username, answer["realm"] == DemoCredentials.digestRealm,
              answer["uri"] == request.uri, answer["qop"] == "auth", let nonce = answer["nonce"],
              let countText = answer["nc"], let count = Int(countText, radix: 16), let cnonce = answer["cnonce"] else {
            return challenge(algorithms, limit: limit, stale: false, message: "The Digest answer is incomplete or for another user, realm or URI")
        }
        let hash = algorithm == "SHA-256" ? Self.sha256 : Self.md5
        let ha1 = hash("\(configuration.username):\(DemoCredentials.digestRealm):\(configuration.password)")
        let ha2 = hash("\(request.method.rawValue):\(request.uri)")
        guard answer["response"] == hash("\(ha1):\(nonce):\(countText):\(cnonce):auth:\(ha2)") else {
            return challenge(algorithms, limit: limit, stale: false, message: "The Digest response does not match the password")
        }
        switch nonces.use(nonce, count: count) {
        case .unknown, .expired:
            return challenge(algorithms, limit: limit, stale: true, message: "The nonce is stale; answer the new one")
        case .replayed:
            return challenge(algorithms, limit: limit, stale: false, message: "nc \(countText) was already used with this nonce")
        case .accepted:
            return .json(DataEnvelope(data: ["authenticated": "true", "user": configuration.username, "algorithm": algorithm, "nc": countText]))
        }
    }

    private func challenge(_ algorithms: [String], limit: Int, stale: Bool, message: String) -> DemoResponse {
        let nonce = nonces.issue(uses: limit)
        let values = algorithms.map { algorithm in
            "Digest realm=\"\(DemoCredentials.digestRealm)\", qop=\"auth\", algorithm=\(algorithm), nonce=\"\(nonce)\", "
                + "opaque=\"courier-demo-opaque\"" + (stale ? ", stale=true" : "")
        }
        return .error(.unauthorized, code: stale ? "stale_nonce" : "unauthorized", message: message,
                      headers: values.map { ("WWW-Authenticate", $0) })
    }

    private static func md5(_ text: String) -> String { Insecure.MD5.hash(data: Data(text.utf8)).hex }
    private static func sha256(_ text: String) -> String { SHA256.hash(data: Data(text.utf8)).hex }
}

/// The nonces the Digest routes issued, how many answers each may take, and the highest `nc` seen.
final class DigestNonces: Sendable {
    enum Use { case accepted, replayed, expired, unknown }

    private struct Entry {
        var remaining: Int
        var highestCount = 0
    }

    private let entries = Mutex<[String: Entry]>([:])

    func issue(uses: Int) -> String {
        let nonce = UUID().uuidString.replacingOccurrences(of: "-", with: "").lowercased()
        entries.withLock { $0[nonce] = Entry(remaining: max(1, uses)) }
        return nonce
    }

    func use(_ nonce: String, count: Int) -> Use {
        entries.withLock { entries in
            guard var entry = entries[nonce] else { return .unknown }
            guard entry.remaining > 0 else { return .expired }
            guard count > entry.highestCount else { return .replayed }
            entry.remaining -= 1
            entry.highestCount = count
            entries[nonce] = entry
            return .accepted
        }
    }
}

/// `name=value, name="quoted value"` pairs of a Digest `Authorization` header.
enum DigestParameters {
    static func parse(_ text: String) -> [String: String] {
        var result: [String: String] = [:]
        var rest = Substring(text)
        while let equals = rest.firstIndex(of: "=") {
            let name = rest[..<equals].trimmingCharacters(in: CharacterSet(charactersIn: " ,")).lowercased()
            rest = rest[rest.index(after: equals)...]
            var value = ""
            if rest.first == "\"" {
                rest = rest.dropFirst()
                while let character = rest.first, character != "\"" {
                    rest = rest.dropFirst()
                    if character == "\\", let escaped = rest.first { value.append(escaped); rest = rest.dropFirst() } else { value.append(character) }
                }
                rest = rest.dropFirst()
            } else {
                let end = rest.firstIndex(of: ",") ?? rest.endIndex
                value = rest[..<end].trimmingCharacters(in: .whitespaces)
                rest = rest[end...]
            }
            result[name] = value
        }
        return result
    }
}
