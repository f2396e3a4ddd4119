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
        // One History per collection, opened once for all its requests.
        var stores: [URL: HistoryStore?] = [:]
        var examples: [String: Data] = [:]
        for id in ids {
            guard let request = tree.request(id: id) else { continue }
            let folder = StateFolder(collectionRoot: request.collectionRoot, environment: environment, processEnvironment: processEnvironment)
            if stores[folder.url] == nil { stores[folder.url] = openExisting(folder) }
            guard let store = stores[folder.url] ?? nil,
                  let success = try? store.entries(requestID: id).last(where: { (200..<300).contains($0.status ?? 0) }),
                  let body = try? store.body(of: success) else { continue }
            examples[id] = body
        }
        return examples
    }

    /// The History of `folder` when there is one: an export makes nothing in the state folder.
    private static func openExisting(_ folder: StateFolder) -> HistoryStore? {
        guard FileManager.default.fileExists(atPath: folder.url.appendingPathComponent(HistoryStore.fileName).path) else { return nil }
        return try? HistoryStore(folder: folder)
    }
}
