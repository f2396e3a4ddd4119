import Foundation

/// Saving a folder's `collection.yaml`, for every store.
extension CollectionStore {
    /// Saves a folder's settings by changing exactly the text of what changed.
    /// - Parameters:
    ///   - folder: The folder below the directory (`Demo`, `Demo/users`).
    ///   - draft: The settings as they should be.
    ///   - hash: The content hash of the version read; nil when there was no file (it must still not exist).
    /// - Returns: The content hash of the file as written.
    /// - Throws: `StoreError.conflict`, `.notLossless`, `.io`; nothing is written in each case.
    @discardableResult
    public func saveCollection(_ folder: String, _ draft: CollectionDefinition, expecting hash: ContentHash?) throws(StoreError) -> ContentHash {
        let file = url(folder).appendingPathComponent(CollectionLoader.settingsFile)
        guard contents(of: file).map(ContentHash.init) == hash else { throw .conflict(file: display(file)) }
        let text = hash == nil ? "" : try self.text(of: file)
        let edited = hash == nil ? CollectionWriter.text(of: draft) : try LosslessEdit.collection(text, to: draft, file: display(file))
        if edited != text { try write(Data(edited.utf8), to: file, secret: false) }
        return ContentHash(edited)
    }
}
