import Foundation

/// Insomnia exports — v4 (JSON or YAML, a flat `resources` list) and v5 (YAML, a nested
/// `collection`) — as a collection: request groups as folders, the base environment as
/// collection variables, sub-environments as environments, and `{% response %}` tags as
/// `requires:` plus `capture:`.
public enum InsomniaImporter {
    /// Reads an export.
    /// - Throws: `ImportError` when it is neither a v4 nor a v5 export.
    public static func parse(_ data: Data, file: String) throws(ImportError) -> ImportedCollection {
        let root = try SourceDocument.parse(data, file: file)
        let tree: [InsomniaNode]
        let environments: InsomniaEnvironments
        if case .array(let resources)? = root["resources"] {
            (tree, environments) = V4.read(resources)
            if let format = root["__export_format"]?.text, format != "4" {
                throw ImportError("\(file) is an Insomnia export of format \(format); courier reads formats 4 and 5")
            }
        } else if let type = root["type"]?.text, type.hasPrefix("collection.insomnia.rest/") || type.hasPrefix("spec.insomnia.rest/") {
            (tree, environments) = V5.read(root)
        } else {
            throw ImportError("\(file) is not an Insomnia export: it has neither 'resources' (v4) nor 'type: collection.insomnia.rest/5.0' (v5)")
        }
        var mapper = InsomniaMapper(file: file)
        var imported = ImportedCollection()
        imported.settings.name = environments.workspaceName
        environments.apply(to: &imported, templates: { mapper.environmentValue($0) })
        mapper.walk(tree, folder: [])
        imported.folders = mapper.folders
        imported.requests = mapper.requests
        mapper.attachCaptures(&imported.requests)
        imported.unmapped += mapper.unmapped
        if imported.requests.isEmpty { imported.skip(file, "the whole file", "it holds no HTTP request") }
        return imported
    }
}

/// A request or a folder of the export, in order.
indirect enum InsomniaNode {
    case request(id: String, value: JSONValue)
    case folder(id: String, name: String, value: JSONValue, children: [InsomniaNode])
    /// gRPC, WebSocket and other resources courier has no requests for.
    case other(kind: String, name: String)
}

/// The base environment and its sub-environments.
struct InsomniaEnvironments {
    var workspaceName: String?
    var base: JSONValue?
    var subs: [(name: String, data: JSONValue)] = []

    /// Base values as collection variables, each sub-environment as an environment; nested
    /// objects are flattened to `a.b` names.
    func apply(to imported: inout ImportedCollection, templates: (String) -> String) {
        imported.settings.variables = Self.flatten(base).map { Field(name: $0.0, value: templates($0.1)) }
        for sub in subs {
            let slug = FileCollectionStore.slug(sub.name)
            imported.environment(slug.isEmpty ? "environment" : slug) { environment in
                for (name, value) in Self.flatten(sub.data) { environment.add(name, templates(value)) }
            }
        }
    }

    /// `{"a": {"b": 1}}` → `a.b: "1"`.
    static func flatten(_ value: JSONValue?, prefix: String = "") -> [(String, String)] {
        (value?.pairs ?? []).flatMap { key, child -> [(String, String)] in
            let name = prefix.isEmpty ? key : "\(prefix).\(key)"
            if child.isObject { return flatten(child, prefix: name) }
            return [(name, child.variableText)]
        }
    }
}

/// v4: a flat list of resources linked by `parentId`, ordered by `metaSortKey`.
enum V4 {
    static func read(_ resources: [JSONValue]) -> ([InsomniaNode], InsomniaEnvironments) {
        var children: [String: [JSONValue]] = [:]
        var environments = InsomniaEnvironments()
        var workspaces: [String] = []
        for resource in resources {
            let type = resource["_type"]?.text ?? ""
            let parent = resource["parentId"]?.text ?? ""
            switch type {
            case "workspace":
                workspaces.append(resource["_id"]?.text ?? "")
                environments.workspaceName = environments.workspaceName ?? resource["name"]?.text
            case "environment": break
            case "cookie_jar", "api_spec", "proto_file", "proto_directory", "unit_test_suite", "unit_test", "mock_server", "mock_route": continue
            default: children[parent, default: []].append(resource)
            }
        }
        let allEnvironments = resources.filter { $0["_type"]?.text == "environment" }
        let ids = Set(allEnvironments.compactMap { $0["_id"]?.text })
        if let base = allEnvironments.first(where: { !ids.contains($0["parentId"]?.text ?? "") }) {
            environments.base = base["data"]
            let baseID = base["_id"]?.text ?? ""
            environments.subs = allEnvironments.filter { $0["parentId"]?.text == baseID }.map { ($0["name"]?.text ?? "environment", $0["data"] ?? .object([])) }
        }
        func nodes(_ parent: String) -> [InsomniaNode] {
            let sorted = (children[parent] ?? []).enumerated().sorted { lhs, rhs in
                let (a, b) = (Double(lhs.element["metaSortKey"]?.text ?? "") ?? 0, Double(rhs.element["metaSortKey"]?.text ?? "") ?? 0)
                return a == b ? lhs.offset < rhs.offset : a < b
            }.map(\.element)
            return sorted.map { resource in
                let id = resource["_id"]?.text ?? ""
                switch resource["_type"]?.text {
                case "request": return .request(id: id, value: resource)
                case "request_group": return .folder(id: id, name: resource["name"]?.text ?? "folder", value: resource, children: nodes(id))
                default: return .other(kind: resource["_type"]?.text ?? "?", name: resource["name"]?.text ?? id)
                }
            }
        }
        let roots = workspaces.isEmpty ? Array(Set(children.keys).subtracting(Set(resources.compactMap { $0["_id"]?.text }))) : workspaces
        return (roots.flatMap(nodes), environments)
    }
}

/// v5: `collection` is a tree of requests and folders (`children`); `environments` holds the
/// base environment with `subEnvironments`.
enum V5 {
    static func read(_ root: JSONValue) -> ([InsomniaNode], InsomniaEnvironments) {
        var environments = InsomniaEnvironments()
        environments.workspaceName = root["name"]?.text
        environments.base = root["environments"]?["data"]
        environments.subs = (root["environments"]?["subEnvironments"]?.items ?? []).map { ($0["name"]?.text ?? "environment", $0["data"] ?? .object([])) }
        func nodes(_ list: [JSONValue]) -> [InsomniaNode] {
            list.map { item in
                let id = item["meta"]?["id"]?.text ?? item["name"]?.text ?? ""
                if let children = item["children"] {
                    return .folder(id: id, name: item["name"]?.text ?? "folder", value: item, children: nodes(children.items))
                }
                if item["url"] != nil && item["method"] != nil || id.hasPrefix("req_") { return .request(id: id, value: item) }
                return .other(kind: id.split(separator: "_").first.map(String.init) ?? "item", name: item["name"]?.text ?? id)
            }
        }
        return (nodes(root["collection"]?.items ?? []), environments)
    }
}
