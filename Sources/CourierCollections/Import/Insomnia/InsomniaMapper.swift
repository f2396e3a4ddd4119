import Foundation

/// Insomnia requests and folders as imported requests.
struct InsomniaMapper {
    let file: String
    private(set) var folders: [ImportedFolder] = []
    private(set) var requests: [ImportedRequest] = []
    private(set) var unmapped: [UnmappedItem] = []
    /// Captures that `{% response %}` tags need, by the id of the request they read.
    var pendingCaptures: [String: [CaptureDefinition]] = [:]

    init(file: String) { self.file = file }

    mutating func skip(_ item: String, _ reason: String) { unmapped.append(UnmappedItem(file: file, item: item, reason: reason)) }

    mutating func walk(_ nodes: [InsomniaNode], folder: [String]) {
        for node in nodes {
            switch node {
            case .folder(_, let name, let value, let children):
                var settings = CollectionDefinition()
                settings.name = name
                settings.variables = InsomniaEnvironments.flatten(value["environment"]).map { Field(name: $0.0, value: environmentValue($0.1)) }
                let comments = value["description"]?.text.flatMap { $0.isEmpty ? nil : [$0] } ?? []
                folders.append(ImportedFolder(path: folder + [name], settings: settings, comments: comments))
                walk(children, folder: folder + [name])
            case .request(let id, let value):
                map(value, id: id, folder: folder)
            case .other(let kind, let name):
                skip((folder + [name]).joined(separator: "/"), "a \(kind) resource: courier imports HTTP requests only")
            }
        }
    }

    /// Captures on the requests `{% response %}` tags read.
    func attachCaptures(_ requests: inout [ImportedRequest]) {
        for index in requests.indices {
            for capture in pendingCaptures[requests[index].key] ?? [] where !requests[index].request.captures.contains(where: { $0.name == capture.name }) {
                requests[index].request.captures.append(capture)
            }
        }
    }

    private mutating func map(_ value: JSONValue, id: String, folder: [String]) {
        let name = value["name"]?.text ?? "request"
        let place = (folder + [name]).joined(separator: "/")
        var request = RequestDefinition()
        request.method = (value["method"]?.text ?? "GET").uppercased()
        var url = value["url"]?.text ?? ""
        if let question = url.firstIndex(of: "?") {
            request.query = PostmanWalker.queryFields(String(url[url.index(after: question)...]))
            url = String(url[..<question])
        }
        // Insomnia sends `localhost:4010/x` as http; courier needs the scheme written.
        request.url = url.contains("://") || url.hasPrefix("{{") || url.hasPrefix("{%") ? url : "http://" + url
        request.query += fields(value["parameters"])
        request.headers = fields(value["headers"])
        readBody(value["body"], into: &request, place: place)
        let credential = readAuth(value["authentication"], into: &request, place: place)
        var requires: [String] = []
        request = request.mappingTemplates { text in
            let (result, needs) = templates(text, place: place)
            requires += needs
            return result
        }
        // v4 writes settingFollowRedirects, v5 settings.followRedirects.
        if (value["settingFollowRedirects"] ?? value["settings"]?["followRedirects"])?.text == "off" { request.followRedirects = false }
        let comments = value["description"]?.text.flatMap { $0.isEmpty ? nil : [$0] } ?? []
        var imported = ImportedRequest(folder: folder, name: name, key: id, request: request,
                                       requiresKeys: Array(Set(requires)).sorted(), comments: comments)
        if let credential { imported.credentialFields.insert(credential) }
        requests.append(imported)
    }

    private func fields(_ list: JSONValue?) -> [Field] {
        (list?.items ?? []).compactMap { entry in
            guard let name = entry["name"]?.text, !name.isEmpty else { return nil }
            return Field(name: name, value: entry["value"]?.text ?? "", enabled: entry["disabled"]?.flag != true)
        }
    }

    private mutating func readBody(_ body: JSONValue?, into request: inout RequestDefinition, place: String) {
        guard let body, body.isObject else { return }
        let type = (body["mimeType"]?.text ?? "").lowercased()
        let text = body["text"]?.text ?? ""
        if type.hasPrefix("application/x-www-form-urlencoded") {
            request.body = .form(fields(body["params"]))
        } else if type.hasPrefix("multipart/form-data") {
            request.body = .multipart((body["params"]?.items ?? []).compactMap { param in
                guard let name = param["name"]?.text else { return nil }
                if param["disabled"]?.flag == true {
                    skip(place, "multipart part \(name): disabled, and parts cannot be switched off; left out")
                    return nil
                }
                if param["type"]?.text == "file" { return MultipartField(name: name, file: param["fileName"]?.text ?? "") }
                return MultipartField(name: name, value: param["value"]?.text ?? "")
            })
        } else if let fileName = body["fileName"]?.text, !fileName.isEmpty {
            request.body = .file(fileName)
        } else if !text.isEmpty {
            if (type.contains("json") || type == "application/graphql"), let value = try? JSONValue.parse(text) {
                request.body = .json(value)
            } else {
                request.body = .text(text)
            }
        }
        if request.body != nil, !type.isEmpty, !type.contains("json"), !type.hasPrefix("multipart/"),
           !request.headers.contains(where: { $0.name.lowercased() == "content-type" }) {
            request.headers.append(Field(name: "Content-Type", value: body["mimeType"]?.text ?? type))
        }
    }

    /// Applies the auth; returns the header or query parameter an API key went into.
    private mutating func readAuth(_ auth: JSONValue?, into request: inout RequestDefinition, place: String) -> String? {
        guard let auth, let type = auth["type"]?.text, type != "none", auth["disabled"]?.flag != true else { return nil }
        switch type {
        case "basic": request.auth = .basic(user: auth["username"]?.text ?? "", password: auth["password"]?.text ?? "")
        case "bearer":
            let prefix = auth["prefix"]?.text ?? ""
            if prefix.isEmpty || prefix.lowercased() == "bearer" {
                request.auth = .bearer(auth["token"]?.text ?? "")
            } else {
                request.headers.append(Field(name: "Authorization", value: "\(prefix) \(auth["token"]?.text ?? "")"))
            }
        case "apikey":
            let field = Field(name: auth["key"]?.text ?? "X-API-Key", value: auth["value"]?.text ?? "")
            if auth["addTo"]?.text == "queryParams" { request.query.append(field) } else { request.headers.append(field) }
            return field.name
        default:
            skip(place, "auth type \(type): Courier has no such auth kind yet (basic, bearer and API keys only); imported without auth")
        }
        return nil
    }
}
