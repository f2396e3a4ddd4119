import CourierCollections
import Foundation

/// The importers' properties for the formats users paste from elsewhere: any input imports or is
/// refused with a sentence, and every imported request saves and loads back as itself.
enum ImportChecks {
    /// A Postman collection (or, when it is not one, a Postman environment).
    static func postman(_ data: Data) -> [String] {
        if let imported = try? PostmanImporter.parse(data, file: "fuzz.postman_collection.json") {
            return roundTrips(imported)
        }
        _ = try? PostmanImporter.parseEnvironment(data, file: "fuzz.postman_environment.json")
        return []
    }

    /// A `.http` file: the syntax pass, then the whole import.
    static func httpFile(_ data: Data) -> [String] {
        _ = HTTPFileParser.parse(String(decoding: data, as: UTF8.self))
        guard let imported = try? HTTPFileImporter.parse(data, file: "fuzz.http") else { return [] }
        return roundTrips(imported)
    }

    /// Finishing the import (flattening variables, linking captures, moving secrets) and writing
    /// each request as a file must give text that reads back as the request.
    private static func roundTrips(_ collection: ImportedCollection) -> [String] {
        var finished = collection
        finished.finish()
        return finished.requests.compactMap { imported in
            let saved = CollectionWriter.text(of: imported.request)
            let (loaded, _) = DocumentParser.request(saved, file: "imported.yaml")
            return loaded == imported.request ? nil : "the imported request \(imported.name) does not load back as itself once saved:\n\(saved)"
        }
    }
}
