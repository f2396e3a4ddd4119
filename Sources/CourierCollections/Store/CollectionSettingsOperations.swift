import Foundation

/// Saving a folder's `collection.yaml`, for every store.
extension CollectionStore {
    /// Saves a folder's settings by changing exactly the text of what changed.
    /// - Parameters:
    ///   - folder: The folder below the directory (`Demo`, `Demo/users`).
    ///   - draft: The settings as they should be.
    ///   - hash: The content hash of the version read; nil when there was no file (it must still not exist).
    /// - Returns: The content hash of the bytes as written (a byte order mark the file had is kept).
    /// - Throws: `StoreError.conflict`, `.notLossless`, `.io`; nothing is written in each case.
    @discardableResult
    public func saveCollection(_ folder: String, _ draft: CollectionDefinition, expecting hash: ContentHash?) throws(StoreError) -> ContentHash {
        let file = url(folder).appendingPathComponent(CollectionLoader.settingsFile)
        guard contents(of: file).map(ContentHash.init) == hash else { throw .conflict(file: display(file)) }
        guard hash != nil else {
            let text = CollectionWriter.text(of: draft)
            try write(Data(text.utf8), to: file, secret: false)
            return ContentHash(text)
        }
        let stored = try storedText(of: file)
        return try write(try LosslessEdit.collection(stored.text, to: draft, file: display(file)), over: stored, to: file)
    }
}
