/// Where each imported thing goes: folder and file names made from the source's names (slugs,
/// unique among siblings), `requires` keys turned into request ids, and the `order:` of each
/// folder so the collection lists (and `courier test` runs) requests in the source's order.
struct Layout {
    struct RequestFile {
        var path: [String]
        var request: RequestDefinition
        var comments: [String]
    }

    struct FolderFile {
        var path: [String]
        var settings: CollectionDefinition
        var comments: [String]
    }

    private(set) var requestFiles: [RequestFile] = []
    private(set) var folderSettings: [FolderFile] = []

    /// Names reserved in every folder: the settings file and the environments folder.
    private static let reserved: Set<String> = ["collection", CollectionLoader.environmentsFolder]

    init(_ imported: ImportedCollection, destination: [String]) {
        var folderNames: [[String]: String] = [:]
        var used: [[String]: Set<String>] = [:]
        var order: [[String]: [String]] = [:]

        /// The slug path of a source folder path, naming folders the first time they are seen.
        func folderPath(_ source: [String]) -> [String] {
            var slugs: [String] = []
            for depth in source.indices {
                let key = Array(source[...depth])
                if let known = folderNames[key] {
                    slugs.append(known)
                    continue
                }
                let name = Self.unique(Self.stem(source[depth], fallback: "folder"), in: &used[slugs, default: []])
                folderNames[key] = name
                order[slugs, default: []].append(name)
                slugs.append(name)
            }
            return slugs
        }

        var ids: [String: String] = [:]
        var placed: [(ImportedRequest, [String])] = []
        for folder in imported.folders { _ = folderPath(folder.path) }
        for request in imported.requests {
            let folder = folderPath(request.folder)
            let stem = Self.unique(Self.stem(request.fileName ?? request.name, fallback: "request"), in: &used[folder, default: []])
            order[folder, default: []].append(stem)
            ids[request.key] = (destination.dropFirst() + folder + [stem]).joined(separator: "/")
            placed.append((request, folder + [stem]))
        }
        for (request, path) in placed {
            var definition = request.request
            definition.name = definition.name ?? request.name
            definition.requires = request.requiresKeys.compactMap { ids[$0] }
            requestFiles.append(RequestFile(path: destination + Array(path.dropLast()) + [path[path.count - 1] + ".yaml"],
                                            request: definition, comments: request.comments))
        }
        var settings: [[String]: ImportedFolder] = [[]: ImportedFolder(path: [], settings: imported.settings, comments: imported.comments)]
        for folder in imported.folders { settings[folderPath(folder.path)] = folder }
        for folder in Set(order.keys).union(settings.keys).sorted(by: { $0.lexicographicallyPrecedes($1) }) {
            var entry = settings[folder] ?? ImportedFolder(path: folder)
            if let names = order[folder], names.count > 1 { entry.settings.order = names }
            if entry.settings == CollectionDefinition() && entry.comments.isEmpty { continue }
            folderSettings.append(FolderFile(path: destination + folder + ["collection.yaml"], settings: entry.settings, comments: entry.comments))
        }
    }

    /// The file or folder name for a source name: kept when it is already a tidy file name, else its slug.
    static func stem(_ name: String, fallback: String) -> String {
        // `listPets` reads as two words, as `list pets` does.
        var spaced = ""
        var previous: Character?
        for character in name {
            if character.isUppercase, let previous, previous.isLowercase || previous.isNumber { spaced.append(" ") }
            spaced.append(character)
            previous = character
        }
        let slug = FileCollectionStore.slug(spaced)
        let stem = slug.isEmpty ? fallback : String(slug.prefix(80))
        return reserved.contains(stem) ? stem + "-1" : stem
    }

    /// `name`, or `name-2`, `name-3`… when a sibling has it.
    static func unique(_ name: String, in used: inout Set<String>) -> String {
        var candidate = name
        var counter = 2
        while used.contains(candidate) {
            candidate = "\(name)-\(counter)"
            counter += 1
        }
        used.insert(candidate)
        return candidate
    }
}
