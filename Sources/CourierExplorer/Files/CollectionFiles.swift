import CourierCollections
import Foundation

/// The explorer's file operations on collections. Each writes atomically through
/// `CollectionWriter` and returns the id the request has afterwards.
enum CollectionFiles {
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// Writes `definition` over the request's file.
    static func save(_ definition: RequestDefinition, of request: LoadedRequest) throws(Failure) {
        do {
            try CollectionWriter.save(CollectionWriter.text(of: definition), to: request.file)
        } catch {
            throw Failure(description: "could not save \(request.id): \(error)")
        }
    }

    /// A new GET request named `name` in `folder`.
    static func create(named name: String, in folder: String, tree: CollectionTree) throws(Failure) -> String {
        var definition = RequestDefinition()
        definition.name = name
        definition.path = ""
        return try write(definition, named: name, in: folder, tree: tree)
    }

    /// A copy of `request` beside it, named "… copy".
    static func duplicate(_ request: LoadedRequest, tree: CollectionTree) throws(Failure) -> String {
        var definition = request.definition
        let name = (definition.name ?? request.file.deletingPathExtension().lastPathComponent) + " copy"
        definition.name = name
        let id = try write(definition, named: name, in: folder(of: request.id), tree: tree)
        try keepOrder { try OrderListEdit.insert(stem(of: id), after: stem(of: request.id), in: settings(of: request.id, tree)) }
        return id
    }

    /// Gives `request` a new name; its file takes the name too.
    static func rename(_ request: LoadedRequest, to name: String, tree: CollectionTree) throws(Failure) -> String {
        var definition = request.definition
        definition.name = name
        let wanted = slug(name)
        if wanted == request.file.deletingPathExtension().lastPathComponent {
            try save(definition, of: request)
            return request.id
        }
        let id = try write(definition, named: name, in: folder(of: request.id), tree: tree)
        try remove(request, tree: nil)
        // Keeps its place in the folder's order.
        try keepOrder { try OrderListEdit.rename(stem(of: request.id), to: stem(of: id), in: settings(of: request.id, tree)) }
        return id
    }

    /// Moves `request` into `folder`, keeping its file name when it is free there.
    static func move(_ request: LoadedRequest, to folder: String, tree: CollectionTree) throws(Failure) -> String {
        let name = request.file.deletingPathExtension().lastPathComponent
        let id = try write(request.definition, named: name, in: folder, tree: tree)
        try remove(request, tree: tree)
        return id
    }

    /// Deletes the request's file and its name from its folder's order, if `tree` is given.
    static func remove(_ request: LoadedRequest, tree: CollectionTree?) throws(Failure) {
        do {
            try FileManager.default.removeItem(at: request.file)
        } catch {
            throw Failure(description: "could not delete \(request.displayPath): \(error.localizedDescription)")
        }
        if let tree {
            try keepOrder { try OrderListEdit.remove(stem(of: request.id), from: settings(of: request.id, tree)) }
        }
    }

    /// The settings file of the folder that holds request `id`.
    private static func settings(of id: String, _ tree: CollectionTree) -> URL {
        tree.directory.appendingPathComponent(folder(of: id), isDirectory: true).appendingPathComponent("collection.yaml")
    }

    private static func stem(of id: String) -> String { String(id.split(separator: "/").last ?? "") }

    /// Runs an order edit; its failure is reported as such, the file operation itself having succeeded.
    private static func keepOrder(_ edit: () throws -> Void) throws(Failure) {
        do {
            try edit()
        } catch {
            throw Failure(description: "the request was written, but its folder's order could not be updated: \(error)")
        }
    }

    /// Writes a new file for `definition` in `folder`, named after `name` and never over an existing file.
    private static func write(_ definition: RequestDefinition, named name: String, in folder: String, tree: CollectionTree) throws(Failure) -> String {
        let directory = tree.directory.appendingPathComponent(folder, isDirectory: true)
        var base = slug(name)
        if base.isEmpty { base = "request" }
        var candidate = base
        var counter = 2
        while FileManager.default.fileExists(atPath: directory.appendingPathComponent(candidate + ".yaml").path) {
            candidate = "\(base)-\(counter)"
            counter += 1
        }
        do {
            try CollectionWriter.save(CollectionWriter.text(of: definition), to: directory.appendingPathComponent(candidate + ".yaml"))
        } catch {
            throw Failure(description: "could not write \(folder)/\(candidate).yaml: \(error)")
        }
        return folder.isEmpty ? candidate : "\(folder)/\(candidate)"
    }

    static func folder(of id: String) -> String { id.split(separator: "/").dropLast().joined(separator: "/") }

    /// "Create a user" → "create-a-user": lower-case letters, digits and dashes.
    static func slug(_ name: String) -> String {
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
