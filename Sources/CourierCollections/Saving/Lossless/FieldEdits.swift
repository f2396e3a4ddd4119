/// Lists of `{name, value, enabled}` entries and `name: value` mappings (the shorthand of
/// environment files), edited per entry.
extension Field {
    /// The entry as list pairs.
    var listItem: ListItem {
        ListItem(pairs: [("name", .text(name)), ("value", .text(value)), ("enabled", enabled ? nil : .raw("false"))])
    }
}

extension MultipartField {
    /// The part as list pairs.
    var listItem: ListItem {
        ListItem(pairs: [("name", .text(name)), ("value", value.map(YAMLValue.text)), ("file", file.map(YAMLValue.text)),
                         ("mime", mime.map(YAMLValue.text)), ("filename", filename.map(YAMLValue.text))])
    }
}

extension TextEditor {
    /// Edits the field list under `key` of `mapping` from `old` to `new`; an emptied list loses its key.
    mutating func editFields(_ key: String, from old: [Field], to new: [Field], in mapping: LocatedNode, order: [String]) throws(Refusal) {
        guard old != new else { return }
        guard let pair = mapping.pair(key), !new.isEmpty else {
            return try setPair(key, new.isEmpty ? nil : Self.list(new.map(\.listItem), flow: mapping.isFlow), in: mapping, order: order)
        }
        try editEntries(pair.value, from: old, to: new)
    }

    /// Edits a list node (or `name: value` mapping) holding fields.
    mutating func editEntries(_ node: LocatedNode, from old: [Field], to new: [Field]) throws(Refusal) {
        switch node.kind {
        case .sequence: try editList(node, from: old.map(\.listItem), to: new.map(\.listItem))
        case .mapping: try editShorthand(node, from: old, to: new)
        case .scalar: throw Refusal("a list written as a single value")
        }
    }

    /// A new list as its key's value: `[…]` inside a flow mapping, `- {…}` lines otherwise.
    static func list(_ items: [ListItem], flow: Bool) -> Rendered {
        flow ? .inline("[" + items.map(\.flow).joined(separator: ", ") + "]") : .block(items.map { "  - " + $0.flow })
    }

    /// Edits a `name: value` mapping: a changed entry changes its name or value text, an added
    /// one is a new pair after its predecessor, a removed one loses its pair.
    mutating func editShorthand(_ mapping: LocatedNode, from old: [Field], to new: [Field]) throws(Refusal) {
        if new.contains(where: { !$0.enabled }) { throw Refusal("an entry switched off in a name: value mapping, which cannot say so") }
        let pairs = mapping.pairs
        guard pairs.count == old.count else { throw Refusal("a mapping with an entry that could not be read") }
        for step in Self.steps(from: old, to: new) {
            switch step {
            case .change(let index, let field):
                if old[index].name != field.name { set(pairs[index].key, to: .text(field.name)) }
                if old[index].value != field.value {
                    if case .scalar = pairs[index].value.kind {
                        set(pairs[index].value, to: .text(field.value))
                    } else {
                        try replaceValue(of: pairs[index], with: .inline(YAMLText.scalar(field.value)))
                    }
                }
            case .remove(let index): try removePair(index, of: mapping)
            case .insert(let field, let after):
                try insertPair(YAMLText.scalar(field.name), .inline(YAMLText.scalar(field.value)), into: mapping, after: after)
            }
        }
    }
}
