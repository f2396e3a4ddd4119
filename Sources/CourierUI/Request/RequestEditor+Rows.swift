import Courier
import CourierCollections
import Foundation

/// One row of a request tab: a list entry, a labelled value, or a choice that space cycles.
struct FormRow: Equatable {
    enum Kind: Equatable {
        /// Row `index` of a name/value list.
        case entry(FieldList, Int)
        /// Capture `index`: its variable name and source.
        case capture(Int)
        /// A labelled value edited with Enter.
        case value(EditTarget)
        /// The body kind, the auth kind or whether to follow redirects; space changes it.
        case bodyKind, authKind, followRedirects
        /// Read-only information.
        case note
        /// A labelled value shown but edited elsewhere (the fields of an inherited auth).
        case inherited
        /// An OAuth 2.0 request's token status; Enter fetches a new token.
        case oauthToken
        /// Header `index` inherited from collection.yaml: dimmed, Enter overrides it.
        case inheritedHeader(Int)
    }

    var kind: Kind
    var label: String
    var value: String
    var enabled = true
    var masked = false
    /// Dimmed words after the value (where an inherited header comes from).
    var note: String?
}

extension RequestEditor {
    /// The rows the current tab shows, in order.
    var rows: [FormRow] {
        switch tab {
        case .params: return listRows(.query, empty: "no query parameters · a adds one")
        case .headers: return listRows(.headers, empty: "no headers · a adds one (the collection's headers are sent too)") + inheritedHeaderRows
        case .body:
            var rows = [FormRow(kind: .bodyKind, label: "kind", value: bodyKind.rawValue + "  (b or space changes it)")]
            switch bodyKind {
            case .form: rows += listRows(.form, empty: "no fields · a adds one")
            case .multipart: rows += withContentTypes(listRows(.multipart, empty: "no parts · a adds one; o attaches a file, or type @path as the value"))
            case .file:
                if case .file(let path)? = draft.body { rows.append(FormRow(kind: .value(.bodyFile), label: "file", value: path)) }
            case .json, .text, .none: break
            }
            return rows
        case .auth:
            return authRows
        case .converter:
            return [
                FormRow(kind: .value(.converter), label: "success", value: draft.converter ?? ""),
                FormRow(kind: .value(.errorConverter), label: "error", value: draft.errorConverter ?? ""),
                FormRow(kind: .note, label: "", value: "a key path such as data/items: KeyPathResponseConverter decodes from there"),
            ]
        case .options:
            return [
                FormRow(kind: .value(.timeout), label: "timeout", value: draft.timeout.map { "\(Self.number($0)) s" } ?? "the collection's"),
                FormRow(kind: .value(.retries), label: "retries", value: draft.retries.map(String.init) ?? "the collection's"),
                FormRow(kind: .followRedirects, label: "redirects", value: draft.followRedirects == false ? "not followed  (space changes it)" : "followed  (space changes it)"),
                FormRow(kind: .note, label: "", value: "only idempotent methods are retried: GET, HEAD, PUT, DELETE, OPTIONS"),
            ]
        case .tests: return testRows
        }
    }

    private func listRows(_ list: FieldList, empty: String) -> [FormRow] {
        let entries = fields(list)
        if entries.isEmpty { return [FormRow(kind: .note, label: "", value: empty)] }
        // A header or query parameter named like a credential is secret (DESIGN.md) when its
        // value is written in the file; `Bearer {{token}}` shows nothing secret and stays readable.
        let credentials = list == .headers || list == .query
        return entries.enumerated().map { index, field in
            FormRow(kind: .entry(list, index), label: field.name, value: field.value, enabled: field.enabled,
                    masked: credentials && SecretRedactor.isCredential(name: field.name) && Self.isWrittenSecret(field.value))
        }
    }

    /// Whether `value` holds more than `{{variables}}` and an auth scheme: a credential written as is.
    static func isWrittenSecret(_ value: String) -> Bool {
        var rest = value
        for name in TemplateContext.references(in: value) { rest = rest.replacingOccurrences(of: "{{\(name)}}", with: "") }
        let words = rest.split(separator: " ").filter { !["bearer", "basic", "token"].contains($0.lowercased()) }
        return !words.isEmpty
    }

    /// The text a target holds before editing.
    func text(of target: EditTarget) -> String {
        switch target {
        case .title: return draft.name ?? ""
        case .url: return urlLine
        case .name(let list, let index): return fields(list).indices.contains(index) ? fields(list)[index].name : ""
        case .value(let list, let index): return fields(list).indices.contains(index) ? fields(list)[index].value : ""
        case .bodyFile:
            if case .file(let path)? = draft.body { return path }
            return ""
        case .partMime(let index): return part(index)?.mime ?? ""
        case .auth(let key): return draft.auth?.value(of: key) ?? ""
        case .oauth2(let key): return oauth2Text(key)
        case .converter: return draft.converter ?? ""
        case .errorConverter: return draft.errorConverter ?? ""
        case .timeout: return draft.timeout.map(Self.number) ?? ""
        case .retries: return draft.retries.map(String.init) ?? ""
        case .assertion(let index): return draft.expectations.indices.contains(index) ? draft.expectations[index].text : ""
        case .captureName(let index): return draft.captures.indices.contains(index) ? draft.captures[index].name : ""
        case .captureSource(let index): return draft.captures.indices.contains(index) ? draft.captures[index].subject.description : ""
        }
    }

    /// 30 rather than 30.0.
    static func number(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
    }

    /// Whether the Body tab shows a text body (JSON or text) under its kind row.
    var showsBodyText: Bool { tab == .body && (bodyKind == .json || bodyKind == .text) }
}
