/// One OpenAPI operation as a request.
struct OperationBuilder {
    let document: OpenAPIDocument
    let path: String
    let method: String
    let item: JSONValue
    let operation: JSONValue
    var imported: ImportedRequest
    var unmapped: [UnmappedItem] = []

    /// Headers the description may list that HTTP clients set themselves (the spec says to ignore them).
    private static let ignoredHeaders: Set<String> = ["accept", "content-type", "authorization"]

    init(document: OpenAPIDocument, path: String, method: String, item: JSONValue, operation: JSONValue) {
        self.document = document
        self.path = path
        self.method = method
        self.item = item
        self.operation = operation
        let name = operation["summary"]?.text ?? operation["operationId"]?.text ?? "\(method) \(path)"
        var request = RequestDefinition()
        request.method = method
        imported = ImportedRequest(folder: operation["tags"]?.items.first?.text.map { [$0] } ?? [], name: name,
                                   fileName: operation["operationId"]?.text, request: request)
        if let description = operation["description"]?.text { imported.comments.append(description) }
        if operation["deprecated"]?.flag == true { imported.comments.append("Deprecated.") }
    }

    private var item0: String { "\(method) \(path)" }

    mutating func skip(_ what: String, _ reason: String) {
        unmapped.append(UnmappedItem(file: document.file, item: "\(item0) \(what)", reason: reason))
    }

    mutating func build(security: inout OpenAPISecurity, variables: inout [Field]) {
        var templated = path
        var cookies: [String] = []
        for parameter in parameters() {
            guard let name = parameter["name"]?.text, let location = parameter["in"]?.text else { continue }
            let (value, documented) = example(of: parameter)
            switch location {
            case "path":
                let variable = Self.variable(name, value: value.variableText, in: &variables)
                templated = templated.replacingOccurrences(of: "{\(name)}", with: "{{\(variable)}}")
            case "query":
                let enabled = parameter["required"]?.flag == true || documented
                let values = value.items.isEmpty ? [value] : value.items
                imported.request.query += values.map { Field(name: name, value: $0.variableText, enabled: enabled) }
            case "header" where Self.ignoredHeaders.contains(name.lowercased()):
                continue
            case "header":
                imported.request.headers.append(Field(name: name, value: value.variableText, enabled: parameter["required"]?.flag == true || documented))
            case "cookie":
                cookies.append("\(name)=\(value.variableText)")
            default:
                skip("parameter \(name)", "'in: \(location)' is not a parameter location")
            }
        }
        if !cookies.isEmpty { imported.request.headers.append(Field(name: "Cookie", value: cookies.joined(separator: "; "))) }
        imported.request.path = String(templated.drop { $0 == "/" })
        if let body = operation["requestBody"].flatMap(document.resolved) { readBody(body) }
        let requirements = operation["security"] ?? document.root["security"]
        security.apply(requirements, to: &imported.request, operation: item0)
        if let status = successStatus() { imported.request.expectations = [Self.statusAssertion(status)] }
        imported.request.examples = responseExamples()
    }

    /// The collection variable a path parameter's example goes into: its name, or `name_2`…
    /// when another operation documents a different example for a parameter of that name.
    static func variable(_ name: String, value: String, in variables: inout [Field]) -> String {
        var candidate = name
        var counter = 2
        while let existing = variables.first(where: { $0.name == candidate }) {
            if existing.value == value { return candidate }
            candidate = "\(name)_\(counter)"
            counter += 1
        }
        variables.append(Field(name: candidate, value: value))
        return candidate
    }

    /// Path-level parameters, overridden by the operation's own of the same name and location.
    private func parameters() -> [JSONValue] {
        var list: [JSONValue] = []
        for raw in (item["parameters"]?.items ?? []) + (operation["parameters"]?.items ?? []) {
            guard let parameter = document.resolved(raw) else { continue }
            list.removeAll { $0["name"]?.text == parameter["name"]?.text && $0["in"]?.text == parameter["in"]?.text }
            list.append(parameter)
        }
        return list
    }

    /// A parameter's value: its example, the first of its examples, or a schema sample; and
    /// whether the description documents it (an example or a default) rather than courier making one up.
    private func example(of parameter: JSONValue) -> (JSONValue, Bool) {
        if let example = parameter["example"] { return (example, true) }
        if let first = parameter["examples"]?.pairs.first?.1, let value = document.resolved(first)?["value"] { return (value, true) }
        guard let schema = parameter["schema"].flatMap(document.resolved) else { return (.string(""), false) }
        let documented = schema["example"] != nil || schema["examples"] != nil || schema["default"] != nil
        return (document.sample(schema), documented)
    }

    /// The lowest documented 2xx status; nil when only ranges or `default` are documented.
    private func successStatus() -> Int? {
        operation["responses"]?.pairs.compactMap { Int($0.0) }.filter { (200..<300).contains($0) }.min()
    }

    static func statusAssertion(_ status: Int) -> Assertion {
        Assertion(subject: .status, predicate: .compare(.equal, .literal(.number(String(status)))), text: "status == \(status)")
    }
}
