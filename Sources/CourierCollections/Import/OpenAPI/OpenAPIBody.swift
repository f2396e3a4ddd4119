/// Request bodies: from the media type's example or examples, else a skeleton of its schema.
extension OperationBuilder {
    mutating func readBody(_ body: JSONValue) {
        let content = body["content"]?.pairs ?? []
        let preference: [(String) -> Bool] = [
            { $0.contains("json") }, { $0.hasPrefix("application/x-www-form-urlencoded") },
            { $0.hasPrefix("multipart/form-data") }, { $0.hasPrefix("text/") || $0.contains("xml") },
        ]
        guard let (type, media) = preference.lazy.compactMap({ test in content.first { test($0.0.lowercased()) } }).first ?? content.first else { return }
        let lowered = type.lowercased()
        let value = sample(media)
        if lowered.contains("json") {
            imported.request.body = .json(value)
            if lowered != "application/json" { imported.request.headers.append(Field(name: "Content-Type", value: type)) }
        } else if lowered.hasPrefix("application/x-www-form-urlencoded") {
            imported.request.body = .form(value.pairs.map { Field(name: $0.0, value: $0.1.variableText) })
        } else if lowered.hasPrefix("multipart/form-data") {
            imported.request.body = .multipart(parts(value, schema: media["schema"]))
        } else if lowered.hasPrefix("text/") || lowered.contains("xml") {
            imported.request.body = .text(value.text ?? value.compactText)
            imported.request.headers.append(Field(name: "Content-Type", value: type))
        } else {
            skip("request body", "\(type) is binary: choose a file for body: file: yourself")
        }
        for (other, _) in content where other != type {
            skip("request body \(other)", "an operation has one body; \(type) was used")
        }
    }

    /// The example of a media type object.
    private func sample(_ media: JSONValue) -> JSONValue {
        if let example = media["example"] { return example }
        if let first = media["examples"]?.pairs.first?.1, let value = document.resolved(first)?["value"] { return value }
        return media["schema"].map { document.sample($0) } ?? .object([])
    }

    /// Multipart parts from an example object; binary properties cannot be given a file, so they are listed.
    private mutating func parts(_ value: JSONValue, schema: JSONValue?) -> [MultipartField] {
        let properties = schema.flatMap(document.resolved)?["properties"]
        var parts: [MultipartField] = []
        for (name, part) in value.pairs {
            let property = properties?[name].flatMap(document.resolved)
            if let format = property?["format"]?.text, format == "binary" || format == "base64" {
                skip("part \(name)", "a file part: add {name: \(name), file: PATH} to the multipart body")
                continue
            }
            parts.append(MultipartField(name: name, value: part.variableText))
        }
        return parts
    }
}
