/// Edits of a mapping's pairs: set, insert, remove, each touching only that pair's text.
extension TextEditor {
    /// Removes pair `index` of `mapping`: its lines in block style, its text and one comma in flow style.
    mutating func removePair(_ index: Int, of mapping: LocatedNode) throws(Refusal) {
        let pairs = mapping.pairs
        if mapping.isFlow { return removeFlow(index...index, of: pairs.map(\.range)) }
        let pair = pairs[index]
        if source.startsLine(pair.key.range.lowerBound) { return removeLines(pair.range.lowerBound, pair.range.upperBound) }
        // The first key of a list item (`- name: a`): the next key moves up onto the dash's line.
        guard index + 1 < pairs.count else { throw Refusal("a list item's only key would be removed") }
        replace(pair.key.range.lowerBound..<pairs[index + 1].key.range.lowerBound, with: "")
    }

    /// Adds `key: value` to `mapping` after pair `index` (nil: before the first pair).
    mutating func insertPair(_ key: String, _ rendered: Rendered, into mapping: LocatedNode, after index: Int?) throws(Refusal) {
        let pairs = mapping.pairs
        if mapping.isFlow {
            guard case .inline(let text) = rendered else { throw Refusal("a value too large for its one-line mapping") }
            return insertFlow("\(key): \(text)", into: mapping, elements: pairs.map(\.range), after: index)
        }
        guard let first = pairs.first else { throw Refusal("an empty mapping") }
        let pad = String(repeating: " ", count: source.column(first.key.range.lowerBound))
        var lines: [String]
        switch rendered {
        case .inline(let text): lines = ["\(pad)\(key): \(text)"]
        case .block(let block): lines = ["\(pad)\(key):"] + block.map { pad + $0 }
        }
        if index == nil, source.startsLine(first.key.range.lowerBound) {
            insert(lines.joined(separator: source.newline) + source.newline, at: source.lineStart(first.key.range.lowerBound))
        } else {
            insertLines(lines, after: pairs[index ?? pairs.count - 1].range.upperBound)
        }
    }

    /// Sets `key` of `mapping` to `value` (nil removes it), inserting a missing key after the
    /// nearest key that comes before it in `order`, else after the last key.
    mutating func setPair(_ key: String, _ value: Rendered?, in mapping: LocatedNode, order: [String]) throws(Refusal) {
        let pairs = mapping.pairs
        if let index = pairs.firstIndex(where: { $0.name == key }) {
            guard let value else { return try removePair(index, of: mapping) }
            return try replaceValue(of: pairs[index], with: value)
        }
        guard let value else { return }
        try insertPair(key, value, into: mapping, after: Self.place(of: key, among: pairs.map(\.name), order: order))
    }

    /// Sets a scalar pair, keeping its quotes when it is already a scalar.
    mutating func setScalar(_ key: String, _ value: YAMLValue?, in mapping: LocatedNode, order: [String]) throws(Refusal) {
        if let value, let pair = mapping.pair(key), case .scalar(_, _, false) = pair.value.kind {
            return set(pair.value, to: value)
        }
        try setPair(key, value.map { .inline($0.written()) }, in: mapping, order: order)
    }

    /// Sets a scalar pair when its value changed from `before` to `after`.
    mutating func setScalar(_ key: String, from before: YAMLValue?, to after: YAMLValue?, in mapping: LocatedNode, order: [String]) throws(Refusal) {
        if before != after { try setScalar(key, after, in: mapping, order: order) }
    }

    /// The index of the pair a new `key` goes after: the last present key that comes before it
    /// in `order`; nil (before the first) when a known key follows it and none precedes it.
    static func place(of key: String, among present: [String], order: [String]) -> Int? {
        guard let rank = order.firstIndex(of: key) else { return present.count - 1 }
        var best: (index: Int, rank: Int)?
        for (index, name) in present.enumerated() {
            guard let other = order.firstIndex(of: name), other < rank else { continue }
            if best == nil || other >= best?.rank ?? 0 { best = (index, other) }
        }
        if let best { return best.index }
        return present.contains(where: { order.contains($0) }) ? nil : present.count - 1
    }
}
