/// Edits of `requires:`, `capture:`, `expect:` and `skip:`: an assertion list is edited per line,
/// the others by value; an emptied key loses its lines.
extension TextEditor {
    mutating func editTesting(_ root: LocatedNode, from old: RequestDefinition, to new: RequestDefinition) throws(Refusal) {
        let order = DocumentParser.requestKeys
        if old.requires != new.requires {
            try setPair("requires", new.requires.isEmpty ? nil : .inline(CollectionWriter.requiresValue(new.requires)), in: root, order: order)
        }
        if old.captures != new.captures {
            if let pair = root.pair("capture"), case .mapping(_, flow: false) = pair.value.kind, !new.captures.isEmpty,
               new.captures.contains(where: { kept in old.captures.contains { $0.name == kept.name } }) {
                try editCaptures(pair.value, from: old.captures, to: new.captures)
            } else {
                try setPair("capture", new.captures.isEmpty ? nil : .block(CollectionWriter.captureLines(new.captures)), in: root, order: order)
            }
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

    /// Edits `capture:` entry by entry, as the explorer's Tests tab changes it: a capture gone
    /// loses its line, a changed one its value, a new one is added after the last; the lines of
    /// the others (and their comments) stay.
    private mutating func editCaptures(_ mapping: LocatedNode, from old: [CaptureDefinition], to captures: [CaptureDefinition]) throws(Refusal) {
        let pairs = mapping.pairs
        for (index, pair) in pairs.enumerated() {
            guard let capture = captures.first(where: { $0.name == pair.name }) else {
                try removePair(index, of: mapping)
                continue
            }
            if old.first(where: { $0.name == pair.name }) != capture {
                try replaceValue(of: pair, with: .inline(CollectionWriter.captureValue(capture)))
            }
        }
        for capture in captures where !pairs.contains(where: { $0.name == capture.name }) {
            try insertPair(YAMLText.scalar(capture.name), .inline(CollectionWriter.captureValue(capture)), into: mapping, after: pairs.count - 1)
        }
    }
}
