import Courier
import CourierCollections

// MARK: - The Headers tab shows the headers a request inherits from collection.yaml

extension RequestEditor {
    /// Whether inherited header `index` is overridden by an enabled header of the request itself.
    func isOverridden(_ index: Int) -> Bool {
        guard inheritedHeaders.indices.contains(index) else { return false }
        let name = inheritedHeaders[index].name.lowercased()
        return draft.headers.contains { $0.enabled && $0.name.lowercased() == name }
    }

    /// The rows under the request's own headers: each inherited header, dimmed, with the file it
    /// comes from, or marked overridden when the request sets one of the same name.
    var inheritedHeaderRows: [FormRow] {
        inheritedHeaders.enumerated().map { index, field in
            let source = field.location.map { $0.file } ?? "collection.yaml"
            let note = isOverridden(index) ? "overridden here" : "from \(source) · ⏎ overrides it"
            let masked = SecretRedactor.isCredential(name: field.name) && Self.isWrittenSecret(field.value)
            return FormRow(kind: .inheritedHeader(index), label: field.name, value: field.value, enabled: false, masked: masked, note: note)
        }
    }

    /// Enter on an inherited header: the request gets its own header of that name, with the
    /// inherited value to start from, and its value is edited.
    mutating func overrideInherited(_ index: Int) {
        guard inheritedHeaders.indices.contains(index) else { return }
        let inherited = inheritedHeaders[index]
        if let own = draft.headers.firstIndex(where: { $0.name.lowercased() == inherited.name.lowercased() }) {
            draft.headers[own].enabled = true
            row = rows.firstIndex { $0.kind == .entry(.headers, own) } ?? row
            startEdit(.value(.headers, own))
            return
        }
        draft.headers.append(Field(name: inherited.name, value: inherited.value))
        let added = draft.headers.count - 1
        row = rows.firstIndex { $0.kind == .entry(.headers, added) } ?? row
        startEdit(.value(.headers, added))
    }
}
