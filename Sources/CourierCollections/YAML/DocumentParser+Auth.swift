import Yams

extension DocumentParser {
    /// The kinds `auth:` takes as a mapping key (`none` is written as a plain value).
    static let authKinds = AuthKind.allCases.filter { $0 != .none }.map(\.rawValue)

    /// `auth: none`, `auth: {bearer: TOKEN}` or `auth: {KIND: {field: value, …}}`.
    static func auth(_ node: Node, reader: inout NodeReader) -> AuthDefinition? {
        if let scalar = node.scalar {
            if scalar.string == "none" { return AuthDefinition.none }
            reader.error(node, "auth is `none` or a mapping with one of \(authKinds.joined(separator: ", ")), found '\(scalar.string)'")
            return nil
        }
        let pairs = reader.mapping(node, what: "auth", allowed: authKinds)
        guard let (key, _, value) = pairs.first, pairs.count == 1, let kind = AuthKind(rawValue: key) else {
            if case .mapping = node { reader.error(node, "auth takes exactly one of \(authKinds.joined(separator: ", "))") }
            return nil
        }
        if kind == .bearer { return reader.string(value, what: "bearer token").map(AuthDefinition.bearer) }
        if kind == .oauth2 { return oauth2(value, reader: &reader).map(AuthDefinition.oauth2) }
        let specs = kind.fields
        var values: [String: String] = [:]
        for (field, _, child) in reader.mapping(value, what: "\(key) auth", allowed: specs.map(\.key)) {
            guard let text = reader.string(child, what: field) else { continue }
            if let choices = kind.choices(of: field) {
                guard let chosen = choices.first(where: { $0.caseInsensitiveCompare(text) == .orderedSame }) else {
                    reader.error(child, "\(key) auth's \(field) is one of \(choices.joined(separator: ", ")), found '\(text)'")
                    continue
                }
                values[field] = chosen
            } else {
                values[field] = text
            }
        }
        let missing = specs.filter { $0.isRequired && values[$0.key] == nil }.map(\.key)
        guard missing.isEmpty else {
            reader.error(value, "\(key) auth needs \(missing.joined(separator: " and "))")
            return nil
        }
        return AuthDefinition(kind: kind, values: values)
    }
}
