import Foundation

/// Request bodies by mode: raw (JSON when it parses as JSON, else text), urlencoded, formdata,
/// file and GraphQL (sent as the JSON `{query, variables}` Postman sends).
extension PostmanWalker {
    mutating func readBody(_ body: JSONValue?, into definition: inout RequestDefinition, place: String) {
        guard let body, let mode = body["mode"]?.text, body["disabled"]?.flag != true else { return }
        switch mode {
        case "raw":
            let raw = body["raw"]?.text ?? ""
            guard !raw.isEmpty else { return }
            let language = body["options"]?["raw"]?["language"]?.text
            let declared = definition.headers.first { $0.name.lowercased() == "content-type" }?.value.lowercased()
            if language == "json" || declared?.contains("json") == true || (language == nil && declared == nil),
               let value = try? JSONValue.parse(raw) {
                definition.body = .json(value)
            } else {
                definition.body = .text(raw)
                if declared == nil, let type = Self.mime(language: language) {
                    definition.headers.append(Field(name: "Content-Type", value: type))
                }
            }
        case "urlencoded":
            definition.body = .form(fields(body["urlencoded"]))
        case "formdata":
            definition.body = .multipart(parts(body["formdata"], place: place))
        case "file":
            guard let source = body["file"]?["src"]?.text, !source.isEmpty else {
                skip(place, "a file body without a file (Postman keeps the file outside the export)")
                return
            }
            definition.body = .file(source)
        case "graphql":
            let graphql = body["graphql"]
            var pairs: [(String, JSONValue)] = [("query", .string(graphql?["query"]?.text ?? ""))]
            if let variables = graphql?["variables"]?.text, !variables.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty {
                if let value = try? JSONValue.parse(variables) {
                    pairs.append(("variables", value))
                } else {
                    skip(place, "GraphQL variables: not JSON, left out")
                }
            }
            definition.body = .json(.object(pairs))
        default:
            skip(place, "body mode \(mode): not a body kind courier knows")
        }
    }

    private func fields(_ list: JSONValue?) -> [Field] {
        (list?.items ?? []).compactMap { entry in
            entry["key"]?.text.map { Field(name: $0, value: entry["value"]?.text ?? "", enabled: entry["disabled"]?.flag != true) }
        }
    }

    /// Multipart parts; a disabled part has no place in a multipart body, so it is listed.
    private mutating func parts(_ list: JSONValue?, place: String) -> [MultipartField] {
        (list?.items ?? []).compactMap { entry in
            guard let name = entry["key"]?.text else { return nil }
            if entry["disabled"]?.flag == true {
                skip(place, "form-data part \(name): disabled, and multipart parts cannot be switched off; left out")
                return nil
            }
            var part = MultipartField(name: name)
            part.mime = entry["contentType"]?.text
            if entry["type"]?.text == "file" {
                // `src` is a path on the exporting machine, or a list of them.
                guard let source = entry["src"]?.text ?? entry["src"]?.items.first?.text, !source.isEmpty else {
                    skip(place, "form-data part \(name): a file part without a file; left out")
                    return nil
                }
                part.file = source
            } else {
                part.value = entry["value"]?.text ?? ""
            }
            return part
        }
    }

    private static func mime(language: String?) -> String? {
        switch language {
        // JSON with unquoted placeholders (`"n": {{n}}`) is sent as text, still as JSON.
        case "json": return "application/json"
        case "xml": return "application/xml"
        case "html": return "text/html"
        case "javascript": return "application/javascript"
        case "text": return "text/plain"
        default: return nil
        }
    }
}
