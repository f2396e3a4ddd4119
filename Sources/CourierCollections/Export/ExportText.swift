import CourierJSON
import Foundation

/// Small pieces of text every file exporter writes the same way.
enum ExportText {
    /// Characters a query or form value keeps as they are; `&`, `=`, `#`, `+`, `%` and spaces are
    /// escaped so the pair reads back as written. Braces stay, so `{{var}}` stays a placeholder.
    private static let queryValue: CharacterSet = {
        var allowed = CharacterSet.urlQueryAllowed
        allowed.remove(charactersIn: "&=#+% ")
        return allowed
    }()

    /// `name=value&…` of the enabled fields, percent-encoded where a character would break the pairs.
    static func pairs(_ fields: [Field]) -> String {
        fields.filter(\.enabled).map { encoded($0.name) + "=" + encoded($0.value) }.joined(separator: "&")
    }

    static func encoded(_ text: String) -> String { text.addingPercentEncoding(withAllowedCharacters: queryValue) ?? text }

    /// `url` with the enabled query fields appended.
    static func url(_ url: String, query: [Field]) -> String {
        let pairs = pairs(query)
        guard !pairs.isEmpty else { return url }
        return url + (url.contains("?") ? "&" : "?") + pairs
    }

    /// A JSON body indented by two spaces per level, keys in written order.
    static func prettyJSON(_ value: JSONValue) -> String {
        let compact = value.compactText
        guard let pretty = try? JSONFormatter.pretty(Data(compact.utf8)) else { return compact }
        return String(decoding: pretty, as: UTF8.self)
    }

    /// The `Content-Type` a body is sent with when the request names none (as Courier sends it).
    static func impliedContentType(_ body: BodyDefinition?) -> String? {
        switch body {
        case .json?: return "application/json"
        case .form?: return "application/x-www-form-urlencoded"
        case .text?: return "text/plain; charset=utf-8"
        default: return nil
        }
    }

    /// The request's headers with the body's implied `Content-Type` added when it names none.
    static func headersWithContentType(_ request: RequestDefinition) -> [Field] {
        guard let type = impliedContentType(request.body),
              !request.headers.contains(where: { $0.enabled && $0.name.lowercased() == "content-type" }) else { return request.headers }
        return request.headers + [Field(name: "Content-Type", value: type)]
    }

    /// A key path (`data/items/0/id`) as JavaScript member access (`.data.items[0].id`).
    static func javaScriptAccess(_ path: JSONKeyPath) -> String {
        path.components.map { component in
            if Int(component) != nil { return "[\(component)]" }
            if isIdentifier(component) { return "." + component }
            return "[\"\(component.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\""))\"]"
        }.joined()
    }

    /// A key path as a JSONPath (`$.data.items[0].id`, `$['a b']`).
    static func jsonPath(_ path: JSONKeyPath) -> String {
        "$" + path.components.map { component in
            if Int(component) != nil { return "[\(component)]" }
            if isIdentifier(component) { return "." + component }
            return "['\(component.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "'", with: "\\'"))']"
        }.joined()
    }

    /// Whether `text` is a plain identifier (letters, digits, `_`, `$`, not starting with a digit).
    static func isIdentifier(_ text: String) -> Bool {
        guard let first = text.unicodeScalars.first, !CharacterSet.decimalDigits.contains(first) else { return false }
        return text.unicodeScalars.allSatisfy { $0.isASCII && (CharacterSet.alphanumerics.contains($0) || $0 == "_" || $0 == "$") }
    }
}
