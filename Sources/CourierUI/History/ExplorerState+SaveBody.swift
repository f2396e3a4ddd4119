// MARK: - Saving a response body to a file

extension ExplorerState {
    /// `s`: asks where to write the shown response's body, offering a name made of the request's
    /// and the content type's.
    mutating func askToSaveBody() -> [Effect] {
        guard let id = openRequest, let snapshot = response.current, snapshot.status != nil else {
            status = "no response body to save: send the request first"
            return []
        }
        if snapshot.releasedBodySize != nil, snapshot.stored?.bodyKept != true {
            status = snapshot.body.note ?? "this response's body was not kept"
            return []
        }
        let contentType = snapshot.headers.first { $0.name.lowercased() == "content-type" }?.value
        let name = (id.split(separator: "/").last.map(String.init) ?? "response") + "." + Self.fileExtension(for: contentType)
        prompt = Prompt(title: "Save the \(ByteCount.text(snapshot.bodySize)) body to", field: TextField(name),
                        purpose: .saveBody(id: id, snapshot))
        return []
    }

    /// The usual file extension for a content type: `json` for `application/problem+json`.
    public static func fileExtension(for contentType: String?) -> String {
        let type = contentType?.split(separator: ";").first?.trimmingCharacters(in: .whitespaces).lowercased() ?? ""
        let known: [String: String] = [
            "text/plain": "txt", "text/html": "html", "text/csv": "csv", "text/css": "css", "text/markdown": "md",
            "application/javascript": "js", "text/javascript": "js", "application/pdf": "pdf", "application/zip": "zip",
            "application/gzip": "gz", "image/png": "png", "image/jpeg": "jpg", "image/gif": "gif", "image/webp": "webp",
            "image/svg+xml": "svg", "application/x-www-form-urlencoded": "txt", "application/yaml": "yaml", "text/yaml": "yaml",
        ]
        if let known = known[type] { return known }
        if type == "application/json" || type.hasSuffix("+json") { return "json" }
        if type.hasSuffix("/xml") || type.hasSuffix("+xml") { return "xml" }
        if type.hasPrefix("text/") { return "txt" }
        return "bin"
    }
}
