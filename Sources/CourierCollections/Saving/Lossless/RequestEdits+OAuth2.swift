extension TextEditor {
    /// An `oauth2:` mapping edited key by key: a changed value in place (its quotes kept), a new
    /// key in `OAuth2Definition.keys` order, a cleared one removed; comments and unknown lines stay.
    mutating func editOAuth2(_ mapping: LocatedNode, from old: OAuth2Definition, to new: OAuth2Definition) throws(Refusal) {
        guard case .mapping = mapping.kind else { throw Refusal("oauth2 auth that is not a mapping") }
        let order = OAuth2Definition.keys
        if old.grant != new.grant { try setScalar("grant", .raw(new.grant.rawValue), in: mapping, order: order) }
        for ((key, before), (_, after)) in zip(old.texts, new.texts) {
            try setScalar(key, from: before.map(YAMLValue.text), to: after.map(YAMLValue.text), in: mapping, order: order)
        }
        try setScalar("redirectPort", from: old.redirectPort.map { .raw(String($0)) }, to: new.redirectPort.map { .raw(String($0)) },
                      in: mapping, order: order)
    }
}
