/// Examples of an operation's success response, kept as the request's `examples:` so the Swift
/// export can type the response before it was ever sent.
extension OperationBuilder {
    /// Names of the examples made from a schema, as the request file shows them.
    static let everyPropertyName = "from the schema: every property"
    static let requiredOnlyName = "from the schema: required properties only"

    /// The examples of the lowest documented 2xx response with a JSON body: the media type's
    /// `example` or each of its `examples`, else a sample of its schema with every property; and,
    /// when it differs, a sample with only the required properties, which shows which keys may be
    /// missing or null.
    func responseExamples() -> [ResponseExample] {
        let successes = (operation["responses"]?.pairs ?? []).compactMap { key, value in Int(key).map { ($0, value) } }
            .filter { (200..<300).contains($0.0) }.sorted { $0.0 < $1.0 }
        for (status, raw) in successes {
            guard let content = document.resolved(raw)?["content"]?.pairs,
                  let media = content.first(where: { $0.0.lowercased() == "application/json" })?.1
                    ?? content.first(where: { $0.0.lowercased().contains("json") })?.1 else { continue }
            return examples(of: media, status: status)
        }
        return []
    }

    private func examples(of media: JSONValue, status: Int) -> [ResponseExample] {
        var examples: [ResponseExample] = []
        if let example = media["example"] { examples.append(ResponseExample(status: status, json: example)) }
        for (name, raw) in media["examples"]?.pairs ?? [] {
            // An `externalValue` example lives in another file, which an import does not fetch; the schema stands in.
            guard let value = document.resolved(raw)?["value"] else { continue }
            examples.append(ResponseExample(name: name, status: status, json: value))
        }
        guard let schema = media["schema"] else { return examples }
        let every = ResponseSchemaSample(document: document, extent: .everyProperty).value(of: schema)
        let required = ResponseSchemaSample(document: document, extent: .requiredOnly).value(of: schema)
        if examples.isEmpty, let every { examples.append(ResponseExample(name: Self.everyPropertyName, status: status, json: every)) }
        if let required, required != every, !examples.contains(where: { $0.json == required }) {
            examples.append(ResponseExample(name: Self.requiredOnlyName, status: status, json: required))
        }
        return examples
    }
}
