/// Examples of an operation's success response, kept as the request's `examples:` so the Swift
/// export can type the response before it was ever sent.
extension OperationBuilder {
    /// Names of the examples made from a schema, as the request file shows them.
    static let everyPropertyName = "from the schema: every property"
    static let requiredOnlyName = "from the schema: required properties only"
    static let optionalObjectsName = "from the schema: required properties, in optional objects too"

    /// The examples of the lowest documented 2xx response with a JSON body: the media type's
    /// `example` and each of its `examples`, then the samples of its schema that differ from those —
    /// every property, only the required ones, and those with optional objects and lists holding
    /// theirs — which show every key and which ones may be missing or null.
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
        let samples: [(String, ResponseSchemaSample.Extent)] = [
            (Self.everyPropertyName, .everyProperty), (Self.requiredOnlyName, .requiredOnly), (Self.optionalObjectsName, .requiredAndOptionalObjects),
        ]
        // Beside the description's own examples, the samples add the keys those leave out, and which may be missing.
        for (name, extent) in samples {
            guard let sample = ResponseSchemaSample(document: document, extent: extent).value(of: schema),
                  !examples.contains(where: { $0.json == sample }) else { continue }
            examples.append(ResponseExample(name: name, status: status, json: sample))
        }
        return examples
    }
}
