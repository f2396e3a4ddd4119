import CourierCollections
import CourierHistory
import Foundation

/// Response bodies kept in History, as the examples the Swift export infers `Codable` types from.
enum HistoryExamples {
    /// The body of the last 2xx response History kept for each of `ids` in `environment`, by id;
    /// requests with none are left out. A History that cannot be read gives nothing, as no
    /// History at all does: the export then says the response is `Data`.
    static func lastBodies(of ids: [String], in tree: CollectionTree, environment: String?) -> [String: Data] {
        let processEnvironment = ProcessInfo.processInfo.environment
        var examples: [String: Data] = [:]
        for id in ids {
            guard let request = tree.request(id: id) else { continue }
            let folder = StateFolder(collectionRoot: request.collectionRoot, environment: environment, processEnvironment: processEnvironment)
            // Only an existing History is read: an export makes nothing in the state folder.
            guard FileManager.default.fileExists(atPath: folder.url.appendingPathComponent(HistoryStore.fileName).path),
                  let store = try? HistoryStore(folder: folder),
                  let success = try? store.entries(requestID: id).last(where: { (200..<300).contains($0.status ?? 0) }),
                  let body = try? store.body(of: success) else { continue }
            examples[id] = body
        }
        return examples
    }
}
