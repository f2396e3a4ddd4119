import Courier
import CourierCollections

extension RequestEditor {
    /// The Auth tab: the kind (space cycles it), then one row per field of the kind, credentials
    /// masked; with no `auth:` of its own, what the request inherits and from which file.
    var authRows: [FormRow] {
        guard let auth = draft.auth else {
            var rows = [FormRow(kind: .authKind, label: "kind", value: "inherited  (space changes it)")]
            if let inherited = inheritedAuth {
                rows.append(FormRow(kind: .note, label: "", value: "inherited from \(source(of: inherited))"))
                rows += fieldRows(of: inherited.auth, editable: false)
            } else {
                rows.append(FormRow(kind: .note, label: "", value: "no auth: none is set here or in a collection.yaml above"))
            }
            return rows
        }
        var rows = [FormRow(kind: .authKind, label: "kind", value: auth.kind.rawValue + "  (space changes it)")]
        if auth.kind == .none {
            let note = inheritedAuth.map { "no auth, although \(source(of: $0)) sets \($0.auth.kind.rawValue)" }
            rows.append(FormRow(kind: .note, label: "", value: note ?? "no auth"))
        }
        return rows + fieldRows(of: auth, editable: true)
    }

    /// The `collection.yaml` an inherited auth is written in, named from the collections directory
    /// as request ids are (`Demo/auth/collection.yaml`): the folders of the request's id that end the path.
    private func source(of inherited: EffectiveAuth) -> String {
        guard let file = inherited.location?.file else { return "a collection.yaml above" }
        let folders = id.split(separator: "/").dropLast().map(String.init)
        for depth in stride(from: folders.count, through: 1, by: -1) {
            let candidate = folders.prefix(depth).joined(separator: "/") + "/collection.yaml"
            if file == candidate || file.hasSuffix("/" + candidate) { return candidate }
        }
        return file
    }

    /// A row per field of `auth`'s kind, given or not; an inherited auth's rows are read-only.
    /// OAuth 2.0 shows the keys of its grant and the token's row (`oauth2Rows`).
    private func fieldRows(of auth: AuthDefinition, editable: Bool) -> [FormRow] {
        guard case .oauth2(let oauth) = auth else { return fieldRows(of: auth, specs: auth.kind.fields, editable: editable) }
        if editable { return oauth2Rows(oauth) }
        let shown = Set(["grant"] + Self.oauth2Keys(for: oauth.grant))
        return fieldRows(of: auth, specs: auth.kind.fields.filter { shown.contains($0.key) }, editable: false)
            + [FormRow(kind: .oauthToken, label: "token", value: oauthToken.text)]
    }

    private func fieldRows(of auth: AuthDefinition, specs: [AuthKind.FieldSpec], editable: Bool) -> [FormRow] {
        specs.map { spec in
            let value = auth.value(of: spec.key) ?? ""
            let shown = value.isEmpty && !editable ? "—" : value
            let choices = auth.kind.choices(of: spec.key).map { "  (space: \($0.joined(separator: ", ")))" } ?? ""
            let masked = spec.isSecret && !value.isEmpty && Self.isWrittenSecret(value)
            return FormRow(kind: editable ? .value(.auth(spec.key)) : .inherited, label: spec.key,
                           value: masked || value.isEmpty || !editable ? shown : value + choices, masked: masked)
        }
    }
}

extension RequestEditor {
    /// Space on a field that takes a few words (an API key's `in`, Digest's `algorithm`): the next
    /// one; an optional field goes back to unset after the last.
    mutating func cycleAuthChoice(_ key: String) {
        guard let auth = draft.auth, let choices = auth.kind.choices(of: key) else { return }
        let optional = auth.kind.fields.first { $0.key == key }?.isRequired == false && auth.kind.defaultValue(of: key) == nil
        let cycle: [String?] = (optional ? [nil] : []) + choices.map(Optional.some)
        let index = cycle.firstIndex(of: auth.value(of: key)) ?? -1
        draft.auth = auth.setting(key, to: cycle[(index + 1) % cycle.count])
    }
}

extension AuthDefinition {
    /// The auth as it may be shown whole: credentials written in the file masked, `{{templates}}` readable.
    func maskedForDisplay() -> AuthDefinition {
        let secret = Set(kind.fields.filter(\.isSecret).map(\.key))
        return mapValues { key, value in
            secret.contains(key) && !value.isEmpty && RequestEditor.isWrittenSecret(value) ? SecretRedactor.mask : value
        }
    }
}
