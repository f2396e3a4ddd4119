@testable import CourierCollections
import CourierTestSupport
import Foundation
import Testing

/// The `Shop` fixture collection under `Fixtures/Exports/`, the Demo collection, and golden files
/// of what each format writes for Shop (re-recorded with RECORD_SNAPSHOTS=1).
enum ExportFixtures {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/Exports")

    /// The whole Shop collection, as `courier export Shop` reads it.
    static func shop() throws -> ExportedCollection {
        try #require(ExportedCollection(CollectionLoader.load(folder), id: "Shop"))
    }

    /// The Demo collection shipped with courier (or one of its folders).
    static func demo(_ id: String = "Demo") throws -> ExportedCollection {
        try #require(ExportedCollection(CollectionLoader.load(Checkout.collections), id: id))
    }

    /// Compares `text` with the golden file `name`, or records it when RECORD_SNAPSHOTS=1.
    static func expectGolden(_ text: String, _ name: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) throws {
        let file = folder.appendingPathComponent("Golden/\(name)")
        if ProcessInfo.processInfo.environment["RECORD_SNAPSHOTS"] == "1" {
            try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: file)
            return
        }
        let golden = try String(contentsOf: file, encoding: .utf8)
        #expect(text == golden, "\(name) differs from its golden file; RECORD_SNAPSHOTS=1 re-records it", sourceLocation: sourceLocation)
    }

    /// What a round trip must keep of a request: method, URL, enabled query, headers (without the
    /// `Content-Type` a format spells out for a body and the `Authorization` an auth kind makes), body, auth.
    struct Essentials: Equatable, CustomStringConvertible {
        var method: String
        var url: String
        var query: [String]
        var headers: [String]
        var body: BodyDefinition?
        var auth: AuthDefinition?
        var captures: [String]
        var expectations: [String]

        init(_ request: RequestDefinition, keepsAuth: Bool = true, keepsTests: Bool = true) {
            method = request.method
            url = request.url ?? request.path ?? ""
            query = request.query.filter(\.enabled).map { "\($0.name)=\($0.value)" }
            headers = request.headers.filter { $0.enabled && !["content-type", "authorization"].contains($0.name.lowercased()) }
                .map { "\($0.name): \($0.value)" }
            // A file part without a filename is sent under the file's name, which formats spell out.
            if case .multipart(let parts)? = request.body {
                body = .multipart(parts.map { part in
                    var part = part
                    if part.filename == nil, let file = part.file { part.filename = String(file.split(separator: "/").last ?? "") }
                    return part
                })
            } else {
                body = request.body
            }
            // An API key is a header or query parameter on the wire, which is how importers read it back;
            // `auth: none` and no auth send the same request.
            switch request.auth {
            case .apiKey(let name, let value, .header)?:
                headers.append("\(name): \(value)")
                auth = nil
            case .apiKey(let name, let value, .query)?:
                query.append("\(name)=\(value)")
                auth = nil
            case .none?: auth = nil
            default: auth = keepsAuth ? request.auth : nil
            }
            captures = keepsTests ? request.captures.map { "\($0.name): \($0.subject)" } : []
            expectations = keepsTests ? request.expectations.map(\.text) : []
        }

        var description: String { "\(method) \(url) \(query) \(headers) \(String(describing: body)) \(String(describing: auth)) \(captures) \(expectations)" }
    }
}
