import Foundation
import Yams

/// Reads Yams nodes into typed values, collecting a diagnostic with the file, line and column of
/// every value that is not what the format expects. Reading goes on after a problem, so one pass
/// reports everything wrong with a file.
struct NodeReader {
    let file: String
    private(set) var diagnostics: [Diagnostic] = []

    init(file: String) { self.file = file }

    func location(_ node: Node?) -> SourceLocation {
        SourceLocation(file: file, line: node?.mark?.line ?? 1, column: node?.mark?.column ?? 1)
    }

    mutating func report(_ diagnostic: Diagnostic) { diagnostics.append(diagnostic) }

    mutating func error(_ node: Node?, _ message: String) {
        let place = location(node)
        diagnostics.append(Diagnostic(file: file, line: place.line, column: place.column, severity: .error, message: message))
    }

    mutating func warning(_ node: Node?, _ message: String) {
        let place = location(node)
        diagnostics.append(Diagnostic(file: file, line: place.line, column: place.column, severity: .warning, message: message))
    }

    /// How a diagnostic about an unknown key starts (`unknown key 'jsn' in body…`).
    static let unknownKeyPrefix = "unknown key '"

    /// The key an unknown-key diagnostic is about; nil for other diagnostics.
    static func unknownKey(in message: String) -> String? {
        guard message.hasPrefix(unknownKeyPrefix) else { return nil }
        let rest = message.dropFirst(unknownKeyPrefix.count)
        return rest.range(of: "' in ").map { String(rest[..<$0.lowerBound]) }
    }

    /// The pairs of a mapping whose keys are strings; reports unknown keys with a suggestion.
    mutating func mapping(_ node: Node, what: String, allowed: [String]) -> [(key: String, keyNode: Node, value: Node)] {
        guard case .mapping(let mapping) = node else {
            error(node, "\(what) must be a mapping of keys to values, found \(Self.kind(of: node))")
            return []
        }
        var pairs: [(key: String, keyNode: Node, value: Node)] = []
        for (keyNode, value) in mapping {
            guard let key = keyNode.scalar?.string else {
                error(keyNode, "keys of \(what) must be plain names")
                continue
            }
            if !allowed.contains(key) {
                // A key this close to a known one is almost certainly that key misspelt, and
                // ignoring it would change the request (`methd: POST` sent as a GET): an error.
                if let near = Suggestion.closest(to: key, in: allowed, within: Suggestion.typoDistance(of: key)) {
                    error(keyNode, "\(Self.unknownKeyPrefix)\(key)' in \(what); did you mean '\(near)'? (known: \(allowed.joined(separator: ", ")))")
                } else {
                    warning(keyNode, "\(Self.unknownKeyPrefix)\(key)' in \(what) is kept but not used (known: \(allowed.joined(separator: ", ")))")
                }
                continue
            }
            pairs.append((key, keyNode, value))
        }
        return pairs
    }

    /// A scalar's text; numbers and booleans are taken as written.
    mutating func string(_ node: Node, what: String) -> String? {
        guard let scalar = node.scalar else {
            error(node, "\(what) must be text, found \(Self.kind(of: node))")
            return nil
        }
        return scalar.string
    }

    mutating func number(_ node: Node, what: String) -> Double? {
        guard let scalar = node.scalar, let value = Double(scalar.string), value.isFinite else {
            error(node, "\(what) must be a number, found \(Self.describe(node))")
            return nil
        }
        return value
    }

    mutating func integer(_ node: Node, what: String) -> Int? {
        guard let scalar = node.scalar, let value = Int(scalar.string) else {
            error(node, "\(what) must be a whole number, found \(Self.describe(node))")
            return nil
        }
        return value
    }

    mutating func bool(_ node: Node, what: String) -> Bool? {
        guard let value = node.bool else {
            error(node, "\(what) must be true or false, found \(Self.describe(node))")
            return nil
        }
        return value
    }

    /// A list of `{name, value, enabled}` entries, or a mapping `name: value` as a shorthand.
    mutating func fields(_ node: Node, what: String) -> [Field] {
        switch node {
        case .sequence(let sequence):
            return sequence.compactMap { entry -> Field? in
                var name: String?
                var value = ""
                var enabled = true
                var valueNode: Node?
                for (key, keyNode, child) in mapping(entry, what: "an entry of \(what)", allowed: ["name", "value", "enabled"]) {
                    _ = keyNode
                    switch key {
                    case "name": name = string(child, what: "\(what) name")
                    case "value":
                        value = string(child, what: "\(what) value") ?? ""
                        valueNode = child
                    default: enabled = bool(child, what: "\(what) enabled") ?? true
                    }
                }
                guard let name, !name.isEmpty else {
                    if case .mapping = entry { error(entry, "an entry of \(what) needs a name") }
                    return nil
                }
                return Field(name: name, value: value, enabled: enabled, location: location(valueNode ?? entry))
            }
        case .mapping(let mapping):
            return mapping.compactMap { keyNode, valueNode -> Field? in
                guard let name = keyNode.scalar?.string, let value = string(valueNode, what: "the value of '\(keyNode.scalar?.string ?? "")'") else {
                    return nil
                }
                return Field(name: name, value: value, location: location(valueNode))
            }
        default:
            error(node, "\(what) must be a list of {name, value} entries, found \(Self.kind(of: node))")
            return []
        }
    }

    /// Any YAML value as JSON: plain scalars are typed as YAML resolves them, quoted ones are strings.
    mutating func json(_ node: Node) -> JSONValue {
        switch node {
        case .scalar(let scalar):
            if scalar.style != .plain { return .string(scalar.string) }
            if node.null != nil { return .null }
            if let value = node.bool { return .bool(value) }
            if node.int != nil || node.float != nil, JSONNumber.isValid(scalar.string) { return .number(scalar.string) }
            return .string(scalar.string)
        case .sequence(let sequence):
            return .array(sequence.map { json($0) })
        case .mapping(let mapping):
            var pairs: [(String, JSONValue)] = []
            for (key, value) in mapping {
                guard let name = key.scalar?.string else {
                    error(key, "JSON object keys must be text")
                    continue
                }
                pairs.append((name, json(value)))
            }
            return .object(pairs)
        case .alias:
            error(node, "aliases are not supported in a JSON body")
            return .null
        }
    }

    static func kind(of node: Node) -> String {
        switch node {
        case .scalar(let scalar): return "the value '\(scalar.string)'"
        case .mapping: return "a mapping"
        case .sequence: return "a list"
        case .alias: return "an alias"
        }
    }

    static func describe(_ node: Node) -> String { kind(of: node) }
}

/// Whether YAML number text is also valid JSON number text (`1.5e3` yes, `0x1F` or `.5` no).
enum JSONNumber {
    static func isValid(_ text: String) -> Bool {
        text.range(of: #"^-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?$"#, options: .regularExpression) != nil
    }
}

/// The known name closest to a misspelt one.
enum Suggestion {
    /// How far an unknown key may be from a known one to count as its typo (a swap of neighbours
    /// is one edit): 1 for keys of five letters or fewer (`jsn`, `methd`, `valeu`; but `note`,
    /// `data`, `hash` and `owner` are words of their own, two edits from `name`, `path` and
    /// `order`), 2 for longer ones (`heders`).
    static func typoDistance(of key: String) -> Int { key.count <= 5 ? 1 : 2 }

    /// The candidate nearest `word`, when it is within `within` edits (by default a third of the word, at least 2).
    static func closest(to word: String, in candidates: [String], within: Int? = nil) -> String? {
        let scored = candidates.map { ($0, distance(word.lowercased(), $0.lowercased())) }
        guard let best = scored.min(by: { $0.1 < $1.1 }), best.1 <= (within ?? max(2, word.count / 3)) else { return nil }
        return best.0
    }

    /// Edit distance counting a swap of neighbours as one edit (`valeu` is one from `value`).
    static func distance(_ a: String, _ b: String) -> Int {
        let a = Array(a), b = Array(b)
        guard !a.isEmpty else { return b.count }
        guard !b.isEmpty else { return a.count }
        var table = (0...a.count).map { i in (0...b.count).map { j in i == 0 ? j : (j == 0 ? i : 0) } }
        for i in 1...a.count {
            for j in 1...b.count {
                table[i][j] = min(table[i - 1][j] + 1, table[i][j - 1] + 1, table[i - 1][j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] { table[i][j] = min(table[i][j], table[i - 2][j - 2] + 1) }
            }
        }
        return table[a.count][b.count]
    }
}
