import Foundation

/// Saving, creating, duplicating, renaming, moving and deleting request files, for every store.
/// Each keeps the folder's `order:` list in step by editing only that entry's text.
extension CollectionStore {
    /// Loads the whole tree: every request with its text, content hash and problems.
    public func load() -> CollectionTree { CollectionLoader.load(self) }

    /// Saves an edited request by changing exactly the text of what changed (see `LosslessEdit`).
    /// - Parameters:
    ///   - id: The request's id (`Demo/users/get-user`).
    ///   - draft: The request as it should be.
    ///   - hash: The content hash of the version the caller read and edited.
    /// - Returns: The content hash of the bytes as written (a byte order mark the file had is kept).
    /// - Throws: `StoreError.conflict` when the file is no longer that version, `.notLossless`
    ///   when it cannot be edited in place, `.missing`, `.io`; nothing is written in each case.
    @discardableResult
    public func saveRequest(_ id: String, _ draft: RequestDefinition, expecting hash: ContentHash) throws(StoreError) -> ContentHash {
        let file = try requestFile(id)
        let stored = try storedText(of: file)
        guard stored.hash == hash else { throw .conflict(file: display(file)) }
        return try write(try LosslessEdit.request(stored.text, to: draft, file: display(file)), over: stored, to: file)
    }

    /// A new GET request titled `title` in `folder`, written canonically.
    /// - Returns: The new request's id (its file named after the title, never over another file).
    @discardableResult
    public func createRequest(titled title: String, in folder: String) throws(StoreError) -> String {
        var definition = RequestDefinition()
        definition.name = title
        definition.path = ""
        let id = freeID(for: title, in: folder)
        try write(Data(CollectionWriter.text(of: definition).utf8), to: url(id + ".yaml"), secret: false)
        return id
    }

    /// A copy of a request beside it, titled "… copy": the original's bytes with only the title edited.
    /// - Returns: The copy's id.
    @discardableResult
    public func duplicateRequest(_ id: String) throws(StoreError) -> String {
        let file = try requestFile(id)
        let stored = try storedText(of: file)
        let text = stored.text
        let (definition, _) = DocumentParser.request(text, file: display(file))
        let title = (definition?.name ?? Self.stem(of: id)) + " copy"
        let copy = freeID(for: title, in: Self.folder(of: id))
        var draft = definition ?? RequestDefinition()
        draft.name = title
        // A file that cannot be edited in place is copied as it is, title and all: a copy must not rewrite it.
        let edited = (try? LosslessEdit.request(text, to: draft, file: display(file))) ?? text
        try write(stored.data(edited), to: url(copy + ".yaml"), secret: false)
        try editOrder(of: Self.folder(of: id)) { OrderListEdit.insert(Self.stem(of: copy), after: Self.stem(of: id), in: $0) }
        return copy
    }

    /// Gives a request a new id: the file is renamed (its bytes, the `name:` title included, are
    /// kept) and keeps its place in the folder's order.
    /// - Parameter name: The new file name: kept as typed when it is one (`GetUser`), else made
    ///   safe (`Create a user` → `create-a-user`).
    /// - Returns: The new id.
    /// - Throws: `StoreError.exists` when a request already has that name; nothing is renamed.
    @discardableResult
    public func renameRequest(_ id: String, to name: String) throws(StoreError) -> String {
        let file = try requestFile(id)
        let folder = Self.folder(of: id)
        let stem = Self.fileStem(name)
        guard stem != Self.stem(of: id) else { return id }
        let renamed = Self.join(folder, stem)
        if exists(url(renamed + ".yaml")) || exists(url(renamed + ".yml")) { throw .exists(id: renamed) }
        try move(file, to: url(renamed + ".yaml"))
        try editOrder(of: folder) { OrderListEdit.rename(Self.stem(of: id), to: Self.stem(of: renamed), in: $0) }
        return renamed
    }

    /// Moves a request into `folder` (bytes kept), under its file name when that is free there.
    /// - Returns: The new id.
    @discardableResult
    public func moveRequest(_ id: String, to folder: String) throws(StoreError) -> String {
        let file = try requestFile(id)
        guard folder != Self.folder(of: id) else { return id }
        let moved = freeID(for: Self.stem(of: id), in: folder)
        try move(file, to: url(moved + ".yaml"))
        try editOrder(of: Self.folder(of: id)) { OrderListEdit.remove(Self.stem(of: id), in: $0) }
        return moved
    }

    /// Deletes a request's file and its entry in the folder's order.
    public func deleteRequest(_ id: String) throws(StoreError) {
        try remove(try requestFile(id))
        try editOrder(of: Self.folder(of: id)) { OrderListEdit.remove(Self.stem(of: id), in: $0) }
    }

    /// The file of request `id`: `.yaml`, else `.yml`.
    func requestFile(_ id: String) throws(StoreError) -> URL {
        for suffix in [".yaml", ".yml"] where contents(of: url(id + suffix)) != nil { return url(id + suffix) }
        throw .missing(file: display(url(id + ".yaml")))
    }

    /// Applies an edit to the `collection.yaml` of `folder`, if it has one with an order list.
    private func editOrder(of folder: String, _ change: (String) -> String?) throws(StoreError) {
        let settings = url(folder).appendingPathComponent(CollectionLoader.settingsFile)
        guard let data = contents(of: settings), let stored = StoredText(data),
              let changed = change(stored.text), changed != stored.text else { return }
        do {
            try write(stored.data(changed), to: settings, secret: false)
        } catch {
            // The file operation itself is done; say that only the order list is behind.
            throw .io("the request file was written, but the order: list of \(display(settings)) could not be updated: \(error)")
        }
    }

    /// An id in `folder` for a file named after `name` that no file has yet.
    private func freeID(for name: String, in folder: String) -> String {
        var base = Self.slug(name)
        if base.isEmpty { base = "request" }
        var candidate = base
        var counter = 2
        while exists(url(Self.join(folder, candidate) + ".yaml")) || exists(url(Self.join(folder, candidate) + ".yml")) {
            candidate = "\(base)-\(counter)"
            counter += 1
        }
        return Self.join(folder, candidate)
    }

    static func join(_ folder: String, _ name: String) -> String { folder.isEmpty ? name : "\(folder)/\(name)" }

    /// The folder part of an id (`Demo/users` of `Demo/users/get-user`).
    static func folder(of id: String) -> String { id.split(separator: "/").dropLast().joined(separator: "/") }

    /// The file name part of an id, without extension.
    static func stem(of id: String) -> String { String(id.split(separator: "/").last ?? "") }

    /// A typed file name as a file stem: as typed when it is letters, digits, `-`, `_` and `.`
    /// (not starting with `.`, which would hide it; a `.yaml` or `.yml` ending is dropped), else
    /// its slug ("request" when nothing is left).
    static func fileStem(_ name: String) -> String {
        var typed = name.trimmingCharacters(in: .whitespaces)
        for suffix in [".yaml", ".yml"] where typed.hasSuffix(suffix) { typed.removeLast(suffix.count) }
        if !typed.isEmpty, !typed.hasPrefix("."), typed.allSatisfy({ $0.isLetter || $0.isNumber || "-_.".contains($0) }) { return typed }
        let slug = slug(typed)
        return slug.isEmpty ? "request" : slug
    }

    /// "Create a user" → "create-a-user": lower-case letters, digits and dashes.
    public static func slug(_ name: String) -> String {
        var result = ""
        for character in name.lowercased() {
            if character.isLetter || character.isNumber {
                result.append(character)
            } else if !result.isEmpty, result.last != "-" {
                result.append("-")
            }
        }
        while result.last == "-" { result.removeLast() }
        return result
    }
}
