/// The edits of a `collection.yaml` and of an environment file.
extension TextEditor {
    mutating func editCollection(_ root: LocatedNode, from old: CollectionDefinition, to new: CollectionDefinition) throws(Refusal) {
        let order = DocumentParser.collectionKeys
        for (key, before, after) in [("name", old.name, new.name), ("baseUrl", old.baseUrl, new.baseUrl)] {
            try setScalar(key, from: before.map(YAMLValue.text), to: after.map(YAMLValue.text), in: root, order: order)
        }
        try editFields("headers", from: old.headers, to: new.headers, in: root, order: order)
        try editAuth(root, from: old.auth, to: new.auth, order: order)
        try setScalar("timeout", from: old.timeout.map { .raw(YAMLText.number($0)) }, to: new.timeout.map { .raw(YAMLText.number($0)) },
                      in: root, order: order)
        try setScalar("retries", from: old.retries.map { .raw(String($0)) }, to: new.retries.map { .raw(String($0)) }, in: root, order: order)
        try editFields("variables", from: old.variables, to: new.variables, in: root, order: order)
        guard old.order != new.order else { return }
        let names = (new.order ?? []).map { ListItem(single: .text($0)) }
        if let pair = root.pair("order"), let before = old.order, new.order != nil, case .sequence = pair.value.kind {
            return try editList(pair.value, from: before.map { ListItem(single: .text($0)) }, to: names)
        }
        try setPair("order", new.order.map { _ in .inline("[" + names.map(\.flow).joined(separator: ", ") + "]") }, in: root, order: order)
    }
}
