import CourierCollections
import CourierJSON
import Foundation

/// The request pane's tabs.
public enum RequestTab: Int, Sendable, CaseIterable {
    case params, headers, body, auth, converter, options, tests

    public var title: String {
        switch self {
        case .params: return "Params"
        case .headers: return "Headers"
        case .body: return "Body"
        case .auth: return "Auth"
        case .converter: return "Converter"
        case .options: return "Options"
        case .tests: return "Tests"
        }
    }
}

/// The name/value lists the editor edits row by row.
public enum FieldList: Sendable, Equatable {
    case query, headers, form, multipart
}

/// What a one-line edit changes when it is committed.
public enum EditTarget: Sendable, Equatable {
    /// The title, `name:` (the file name is the id, renamed with R in the tree).
    case title
    case url
    case name(FieldList, Int)
    case value(FieldList, Int)
    case bodyFile
    /// The content type (`mime:`) of multipart part `index`; empty means the file extension's.
    case partMime(Int)
    /// A field of the auth kind, by its key in the file (`token`, `user`, `secretKey`…).
    case auth(String)
    /// A key of an `oauth2:` block (`grant`, `tokenUrl`, `clientSecret`…), edited with its checks.
    case oauth2(String)
    case converter, errorConverter
    case timeout, retries
    /// Line `index` of `expect:` (the next line when it is the count).
    case assertion(Int)
    /// The variable name and the source of capture `index`.
    case captureName(Int), captureSource(Int)
}

/// The kinds of body, in the order `b` cycles through them.
public enum BodyKind: String, Sendable, CaseIterable {
    case none, json, text, form, multipart, file
}

/// One request opened for editing: the definition as loaded, the draft, and what is being edited.
public struct RequestEditor: Sendable, Equatable {
    public var id: String
    /// The definition as on disk; the draft is compared with it for the dirty mark.
    public var original: RequestDefinition
    public var draft: RequestDefinition
    public var tab: RequestTab = .params
    /// The selected row of the tab; `urlRow` and `nameRow` are the lines above the tabs.
    public var row = RequestEditor.urlRow
    /// The row number of the URL line, above the tabs.
    public static let urlRow = -1
    /// The row number of the Name line (the title, `name:`), above the URL.
    public static let nameRow = -2
    /// A one-line edit in progress.
    public var edit: FieldEdit? {
        didSet { if edit == nil { completion = nil } }
    }
    /// Suggestions for what is being typed in the field (a header name, a `{{variable}}`).
    public var completion: Completion?
    /// The body editor, while the body has focus.
    public var bodyEditor: TextEditor?
    /// A JSON or text body as text; it may be invalid JSON while being edited.
    public var bodyText: String
    /// Why the body text is not valid JSON, with line and column.
    public var bodyProblem: String?
    /// The collection's base URL template, shown before a relative path.
    public var baseURL: String?
    /// The auth the `collection.yaml` files above give the request when it sets none.
    public var inheritedAuth: EffectiveAuth?
    /// The URL with variables filled in (secrets masked), when the driver could resolve it.
    public var resolvedURL: String?
    /// Variables known for the request (secret values masked), for highlighting.
    public var variables: [String: String] = [:]
    /// The headers the request inherits from the collection.yaml files above it, as the driver read them.
    public var inheritedHeaders: [Field] = []
    /// Show the resolved URL under the template.
    public var showsResolvedURL = false
    /// The file was deleted on disk and the user kept the draft: saving writes it again.
    public var fileMissing = false
    /// The cached OAuth 2.0 token of an `auth: {oauth2: …}` request, as the runtime last read it.
    public var oauthToken: OAuthTokenStatus = .unknown
    /// Bodies of the kinds cycled away from, so cycling back restores them.
    var bodyStash: [BodyKind: BodyDefinition] = [:]
    /// Auth of the kinds cycled away from, likewise.
    var authStash: [AuthKind: AuthDefinition] = [:]

    /// One line of text being edited, and what it changes.
    public struct FieldEdit: Sendable, Equatable {
        public var target: EditTarget
        public var field: TextField
    }

    public init(id: String, definition: RequestDefinition) {
        self.id = id
        original = definition
        draft = definition
        bodyText = Self.text(of: definition.body)
    }

    /// Unsaved changes, including body text that does not parse yet and a file deleted on disk.
    public var isDirty: Bool { draft != original || bodyProblem != nil || fileMissing }

    /// The editor over another version of the same file (reloaded from disk, or discarded back
    /// to), keeping the tab, the row where it still exists and what the driver resolved.
    func reloaded(with definition: RequestDefinition) -> RequestEditor {
        var editor = RequestEditor(id: id, definition: definition)
        editor.tab = tab
        editor.row = min(row, editor.rows.count - 1)
        editor.showsResolvedURL = showsResolvedURL
        editor.baseURL = baseURL
        editor.inheritedAuth = inheritedAuth
        editor.resolvedURL = resolvedURL
        editor.variables = variables
        editor.inheritedHeaders = inheritedHeaders
        return editor
    }

    /// Whether typed keys go to a text field or the body editor.
    public var isTyping: Bool { edit != nil || bodyEditor != nil }

    public var bodyKind: BodyKind {
        switch draft.body {
        case nil: return .none
        case .json?: return .json
        case .text?: return .text
        case .form?: return .form
        case .multipart?: return .multipart
        case .file?: return .file
        }
    }

    /// The URL template as the user edits it: the absolute URL, or the path after the base URL.
    public var urlText: String { draft.url ?? draft.path ?? "" }

    /// The text a body shows in the editor: pretty JSON, or the text itself.
    static func text(of body: BodyDefinition?) -> String {
        switch body {
        case .json(let value)?:
            let compact = Data(value.jsonText { $0 }.utf8)
            return (try? JSONFormatter.pretty(compact)).map { String(decoding: $0, as: UTF8.self) } ?? value.jsonText { $0 }
        case .text(let text)?: return text
        default: return ""
        }
    }

    // MARK: Committing edits

    /// Applies a finished one-line edit to the draft; returns a problem sentence when the text is refused.
    mutating func commit(_ edit: FieldEdit) -> String? {
        let text = edit.field.text
        switch edit.target {
        case .title:
            let title = text.trimmingCharacters(in: .whitespaces)
            draft.name = title.isEmpty ? nil : title
        case .url: commitURL(text)
        case .name(let list, let index): update(list, index) { $0.name = text }
        case .value(let list, let index): update(list, index) { $0.value = text }
        case .bodyFile: draft.body = .file(text)
        case .partMime(let index): return commitPartMime(index, text)
        case .auth(let key):
            guard let auth = draft.auth else { break }
            // An optional field left empty is removed from the file (a password is then "", as before).
            let optional = auth.kind.fields.first { $0.key == key }?.isRequired == false
            draft.auth = auth.setting(key, to: text.isEmpty && optional ? nil : text)
        case .oauth2(let key): return commitOAuth2(key, text)
        case .converter: draft.converter = text.isEmpty ? nil : text
        case .errorConverter: draft.errorConverter = text.isEmpty ? nil : text
        case .timeout:
            let trimmed = text.trimmingCharacters(in: .whitespaces)
            if trimmed.isEmpty {
                draft.timeout = nil
            } else if let seconds = Double(trimmed), seconds > 0, seconds.isFinite {
                draft.timeout = seconds
            } else {
                return "the timeout must be a positive number of seconds, not '\(text)'; kept \(draft.timeout.map { "\($0)" } ?? "the collection's")"
            }
        case .retries:
            let trimmed = text.trimmingCharacters(in: .whitespaces)
            if trimmed.isEmpty {
                draft.retries = nil
            } else if let count = Int(trimmed), count >= 0 {
                draft.retries = count
            } else {
                return "retries must be a whole number, 0 or more, not '\(text)'; kept \(draft.retries.map(String.init) ?? "the collection's")"
            }
        case .assertion, .captureName, .captureSource: return commitTest(edit.target, text)
        }
        return nil
    }

    /// Takes the body editor's text into the draft: JSON must parse, text is taken as is.
    mutating func commitBody(_ text: String) {
        bodyText = text
        switch bodyKind {
        case .json:
            do {
                let value = try JSONValue.parse(text)
                draft.body = .json(value)
                bodyProblem = nil
            } catch {
                bodyProblem = "the body is not valid JSON: \(error)"
            }
        case .text:
            draft.body = .text(text)
            bodyProblem = nil
        default: break
        }
    }

    /// Pretty-prints a JSON body in place, or says where it is broken.
    mutating func formatBody() -> String? {
        guard bodyKind == .json else { return "only a JSON body can be formatted" }
        do {
            let pretty = try JSONFormatter.pretty(Data(bodyText.utf8))
            commitBody(String(decoding: pretty, as: UTF8.self))
            return nil
        } catch {
            bodyProblem = "the body is not valid JSON: \(error)"
            return bodyProblem
        }
    }

    /// Switches to the next body kind, carrying text across where it makes sense.
    mutating func cycleBodyKind() {
        let kinds = BodyKind.allCases
        let next = kinds[(kinds.firstIndex(of: bodyKind).map { $0 + 1 } ?? 0) % kinds.count]
        if let body = draft.body { bodyStash[bodyKind] = body }
        bodyProblem = nil
        row = 0
        if let stashed = bodyStash[next], next != .json, next != .text {
            draft.body = stashed
            return
        }
        switch next {
        case .none: draft.body = nil
        case .json:
            draft.body = .json(.object([]))
            if bodyText.isEmpty { bodyText = "{}" }
            commitBody(bodyText)
        case .text: draft.body = .text(bodyText)
        case .form: draft.body = .form([])
        case .multipart: draft.body = .multipart([])
        case .file: draft.body = .file("")
        }
    }

    /// Cycles auth through the kinds: inherited (no `auth:`), then each kind in `AuthKind`'s
    /// order, `none` (no auth, even an inherited one) included. Values typed for a kind are kept
    /// while cycling, so cycling back restores them.
    mutating func cycleAuth() {
        if let auth = draft.auth { authStash[auth.kind] = auth }
        let kinds = AuthKind.allCases
        let next: AuthKind? = switch draft.auth?.kind {
        case nil: kinds.first
        case let kind?: kinds.firstIndex(of: kind).flatMap { kinds.indices.contains($0 + 1) ? kinds[$0 + 1] : nil }
        }
        draft.auth = next.map { authStash[$0] ?? AuthDefinition(kind: $0, values: Self.authDefaults(of: $0)) }
    }

    /// The values a new auth of `kind` starts with: an API key goes in a header.
    static func authDefaults(of kind: AuthKind) -> [String: String] {
        kind == .apiKey ? ["name": "X-API-Key", "in": "header"] : [:]
    }

    // MARK: Lists

    /// The rows of a list as name/value pairs; a multipart file part reads `@path`.
    func fields(_ list: FieldList) -> [Field] {
        switch list {
        case .query: return urlQueryFields + draft.query
        case .headers: return draft.headers
        case .form:
            if case .form(let fields)? = draft.body { return fields }
            return []
        case .multipart:
            if case .multipart(let parts)? = draft.body {
                return parts.map { Field(name: $0.name, value: $0.file.map { "@" + $0 } ?? $0.value ?? "") }
            }
            return []
        }
    }

    /// Changes row `index` of `list` (a multipart value starting with `@` names a file).
    mutating func update(_ list: FieldList, _ index: Int, _ change: (inout Field) -> Void) {
        var rows = fields(list)
        guard rows.indices.contains(index) else { return }
        change(&rows[index])
        set(list, rows)
    }

    mutating func set(_ list: FieldList, _ rows: [Field]) {
        switch list {
        case .query: setQuery(rows)
        case .headers: draft.headers = rows
        case .form: draft.body = .form(rows)
        case .multipart:
            var old: [MultipartField] = []
            if case .multipart(let parts)? = draft.body { old = parts }
            draft.body = .multipart(rows.enumerated().map { index, row in
                var part = index < old.count ? old[index] : MultipartField(name: row.name)
                part.name = row.name
                if row.value.hasPrefix("@") {
                    let path = String(row.value.dropFirst())
                    // A content type chosen for another kind of file does not fit this one: a
                    // .txt put where a .png was went out as image/png. It goes back to the default.
                    if Self.fileExtension(of: part.file) != Self.fileExtension(of: path) { part.mime = nil }
                    part.file = path
                    part.value = nil
                } else {
                    part.value = row.value
                    part.file = nil
                    part.mime = nil
                    part.filename = nil
                }
                return part
            })
        }
    }

    /// The list the current tab shows, if it shows one.
    var currentList: FieldList? {
        switch tab {
        case .params: return .query
        case .headers: return .headers
        case .body: return bodyKind == .form ? .form : bodyKind == .multipart ? .multipart : nil
        default: return nil
        }
    }
}
