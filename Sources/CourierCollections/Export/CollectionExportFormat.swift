/// The file formats a request or a whole folder can be exported to; unlike `ExportFormat`'s
/// commands they keep `{{placeholders}}`, so the file works with other values too.
public enum CollectionExportFormat: String, Sendable, CaseIterable {
    /// A `.http` file (VS Code REST Client, JetBrains HTTP Client, httpyac).
    case http
    /// A Hurl file with `[Captures]` and `[Asserts]`.
    case hurl
    /// A Postman Collection v2.1 and an environment file per environment.
    case postman
    /// A Swift source file of Courier `Request` types.
    case swift

    /// The usual extension of the main file.
    public var fileExtension: String {
        switch self {
        case .http: return "http"
        case .hurl: return "hurl"
        case .postman: return "postman_collection.json"
        case .swift: return "swift"
        }
    }

    /// `collection` in this format.
    public func export(_ collection: ExportedCollection, options: CollectionExportOptions = CollectionExportOptions()) -> ExportDocument {
        var document: ExportDocument
        switch self {
        case .http: document = HTTPFileExporter.export(collection, options: options)
        case .hurl: document = HurlExporter.export(collection, options: options)
        case .postman: document = PostmanExporter.export(collection, options: options)
        case .swift: document = SwiftExporter.export(collection, options: options)
        }
        // None of these formats is written with certificate or proxy settings yet: say so rather
        // than drop them unnoticed (`courier curl` and the HTTPie export carry them).
        for exported in collection.requests where !exported.request.connection.isEmpty {
            let keys = exported.request.connection.saidKeys.joined(separator: ", ")
            document.warnings.append("\(exported.id): \(keys) left out: this export does not carry certificate or proxy settings (`courier curl` does)")
        }
        return document
    }
}
