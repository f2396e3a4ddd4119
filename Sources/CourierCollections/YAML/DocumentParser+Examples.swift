import Yams

/// `examples:`: a list of example responses, each `{name, status, json}`.
extension DocumentParser {
    static let exampleKeys = ["name", "status", "json"]

    static func responseExamples(_ node: Node, reader: inout NodeReader) -> [ResponseExample] {
        guard case .sequence(let entries) = node else {
            reader.error(node, "examples must be a list of example responses ({status, json}), found \(NodeReader.kind(of: node))")
            return []
        }
        return entries.compactMap { responseExample($0, reader: &reader) }
    }

    private static func responseExample(_ node: Node, reader: inout NodeReader) -> ResponseExample? {
        var name: String?
        var status: Int?
        var json: JSONValue?
        for (key, _, value) in reader.mapping(node, what: "an example response", allowed: exampleKeys) {
            switch key {
            case "name": name = reader.string(value, what: "an example's name")
            case "status":
                guard let code = reader.integer(value, what: "an example's status") else { continue }
                if (100...599).contains(code) { status = code } else { reader.error(value, "an example's status must lie between 100 and 599, found \(code)") }
            default: json = reader.json(value)
            }
        }
        guard let json else {
            if case .mapping = node { reader.error(node, "an example response needs json: its JSON body") }
            return nil
        }
        return ResponseExample(name: name, status: status, json: json)
    }
}
