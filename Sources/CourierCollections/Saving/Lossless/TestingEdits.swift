/// Edits of `requires:`, `capture:`, `expect:` and `skip:`: an assertion list is edited per line,
/// the others by value; an emptied key loses its lines.
extension TextEditor {
    mutating func editTesting(_ root: LocatedNode, from old: RequestDefinition, to new: RequestDefinition) throws(Refusal) {
        let order = DocumentParser.requestKeys
        if old.requires != new.requires {
            try setPair("requires", new.requires.isEmpty ? nil : .inline(CollectionWriter.requiresValue(new.requires)), in: root, order: order)
        }
        if old.captures != new.captures {
            try setPair("capture", new.captures.isEmpty ? nil : .block(CollectionWriter.captureLines(new.captures)), in: root, order: order)
        }
        if old.expectations != new.expectations {
            let before = old.expectations.map { ListItem(single: .text($0.text)) }
            let after = new.expectations.map { ListItem(single: .text($0.text)) }
            if let pair = root.pair("expect"), case .sequence = pair.value.kind, !before.isEmpty, !after.isEmpty {
                try editList(pair.value, from: before, to: after)
            } else {
                try setPair("expect", after.isEmpty ? nil : .block(CollectionWriter.expectLines(new.expectations)), in: root, order: order)
            }
        }
        try setScalar("skip", from: old.skip.map { .raw(String($0)) }, to: new.skip.map { .raw(String($0)) }, in: root, order: order)
    }
}
