import Yams

extension DocumentParser {
    /// `oauth2: {grant: …, tokenUrl: …, clientId: …}`, checked: known keys, a known grant, the
    /// keys the grant needs, `clientAuth` basic or body, `redirectPort` a port.
    static func oauth2(_ node: Node, reader: inout NodeReader) -> OAuth2Definition? {
        var texts: [String: String] = [:]
        var grantText: String?
        var port: Int?
        var grantNode: Node?
        for (key, _, value) in reader.mapping(node, what: "oauth2 auth", allowed: OAuth2Definition.keys) {
            switch key {
            case "grant":
                grantText = reader.string(value, what: "grant")
                grantNode = value
            case "redirectPort":
                port = reader.integer(value, what: "redirectPort")
                if let given = port, !(1...65_535).contains(given) {
                    reader.error(value, "redirectPort must be a port number from 1 to 65535")
                    port = nil
                }
            default: texts[key] = reader.string(value, what: key)
            }
        }
        let names = OAuth2Definition.Grant.allCases.map(\.rawValue)
        guard let grantText else {
            reader.error(node, "oauth2 auth needs a grant: \(names.joined(separator: ", "))")
            return nil
        }
        guard let grant = OAuth2Definition.Grant(rawValue: grantText) else {
            let hint = Suggestion.closest(to: grantText, in: names).map { " (did you mean \($0)?)" } ?? ""
            reader.error(grantNode, "unknown oauth2 grant '\(grantText)'\(hint); use one of \(names.joined(separator: ", "))")
            return nil
        }
        let required = ["tokenUrl", "clientId"] + [grant.requiredKey].compactMap { $0 }
        let missing = required.filter { texts[$0] == nil }
        guard missing.isEmpty else {
            reader.error(node, "the oauth2 grant \(grant.rawValue) needs \(missing.joined(separator: " and "))")
            return nil
        }
        if let clientAuth = texts["clientAuth"], !["basic", "body"].contains(clientAuth) {
            reader.error(node, "oauth2 clientAuth is basic or body, not '\(clientAuth)'")
        }
        var definition = OAuth2Definition(grant: grant, tokenUrl: texts["tokenUrl"] ?? "", clientId: texts["clientId"] ?? "")
        for (key, value) in texts { definition.setText(key, value) }
        definition.redirectPort = port
        return definition
    }
}
