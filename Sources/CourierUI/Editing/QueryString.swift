import CourierCollections
import Foundation

/// A URL's query string as name/value fields and back, as the request pane moves parameters
/// between the URL line and the Params tab: values are percent-decoded for display and encoded
/// again when written into the URL, and `{{variables}}` stay as written in both.
enum QueryString {
    /// The URL before `?`, and the fields of what follows it (nil when there is no `?`).
    static func split(_ url: String) -> (base: String, fields: [Field]?) {
        guard let mark = url.firstIndex(of: "?") else { return (url, nil) }
        let query = url[url.index(after: mark)...]
        let fields = query.split(separator: "&", omittingEmptySubsequences: true).map { pair -> Field in
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            return Field(name: decode(parts[0]), value: parts.count > 1 ? decode(parts[1]) : "")
        }
        return (String(url[..<mark]), fields)
    }

    /// `name=value&…` of the enabled fields, encoded for a URL.
    static func text(of fields: [Field]) -> String {
        fields.filter(\.enabled).map { $0.value.isEmpty ? encode($0.name) : encode($0.name) + "=" + encode($0.value) }.joined(separator: "&")
    }

    /// `base` with `fields` appended as its query (after `&` when it has one already).
    static func url(_ base: String, with fields: [Field]) -> String {
        let query = text(of: fields)
        guard !query.isEmpty else { return base }
        return base + (base.contains("?") ? "&" : "?") + query
    }

    /// Percent-decoded; text that is not valid percent-encoding stays as typed.
    private static func decode(_ text: Substring) -> String {
        String(text).removingPercentEncoding ?? String(text)
    }

    /// Characters a query name or value keeps as they are; `&`, `=`, `+`, `#` and `%` are encoded.
    private static let allowed: CharacterSet = {
        var set = CharacterSet.urlQueryAllowed
        set.remove(charactersIn: "&=+#%")
        return set
    }()

    /// Percent-encoded, except `{{variables}}`, which the resolver fills in (and encodes) when sending.
    private static func encode(_ text: String) -> String {
        var result = ""
        var rest = Substring(text)
        while let open = rest.range(of: "{{"), let close = rest[open.upperBound...].range(of: "}}") {
            result += piece(rest[..<open.lowerBound]) + rest[open.lowerBound..<close.upperBound]
            rest = rest[close.upperBound...]
        }
        return result + piece(rest)
    }

    private static func piece(_ text: Substring) -> String {
        String(text).addingPercentEncoding(withAllowedCharacters: allowed) ?? String(text)
    }
}

// MARK: - The URL line and the Params tab, kept in step

extension RequestEditor {
    /// The parameters written in the URL itself (a file with the query in `url:` or `path:`).
    var urlQueryFields: [Field] { QueryString.split(urlText).fields ?? [] }

    /// The URL line as shown and edited: the URL, with the enabled `query:` parameters after it.
    public var urlLine: String { QueryString.url(urlText, with: draft.query) }

    /// Takes the edited URL line. A query typed there moves into Params: into `query:` when the
    /// request keeps its query there (or has none yet in the URL), so a file with `query:` keeps
    /// it; a file whose query is written in `url:` keeps it in the URL, as typed.
    mutating func commitURL(_ text: String) {
        guard text != urlLine else { return }
        let (base, typed) = QueryString.split(text)
        let queryInURL = QueryString.split(urlText).fields != nil && draft.query.isEmpty
        guard !queryInURL, let typed else {
            setURL(queryInURL ? text : base)
            if !queryInURL { draft.query = draft.query.filter { !$0.enabled } }
            return
        }
        setURL(base)
        // Switched-off parameters are not in the URL line; they stay in the list.
        draft.query = typed + draft.query.filter { !$0.enabled }
    }

    /// Writes the Params rows: into `query:`, taking the URL's own query out of the URL, as
    /// Params now holds it.
    mutating func setQuery(_ rows: [Field]) {
        if QueryString.split(urlText).fields != nil { setURL(QueryString.split(urlText).base) }
        draft.query = rows
    }

    /// An absolute URL or one starting with a variable replaces the base URL; anything else is a path.
    private mutating func setURL(_ text: String) {
        if text.contains("://") || text.hasPrefix("{{") {
            draft.url = text
            draft.path = nil
        } else {
            draft.path = text
            draft.url = nil
        }
    }
}
