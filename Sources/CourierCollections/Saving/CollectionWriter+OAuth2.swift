extension CollectionWriter {
    /// The `oauth2:` mapping's lines, `indent` spaces in, keys in `OAuth2Definition.keys` order,
    /// unset keys left out.
    static func oauth2Lines(_ definition: OAuth2Definition, indent: Int) -> [String] {
        let pad = String(repeating: " ", count: indent)
        var lines = ["\(pad)grant: \(definition.grant.rawValue)"]
        lines += definition.texts.compactMap { key, value in value.map { "\(pad)\(key): \(YAMLText.scalar($0))" } }
        if let port = definition.redirectPort { lines.append("\(pad)redirectPort: \(port)") }
        return lines
    }
}
