/// An entry of a list as pairs in written order (`name`, `value`, `enabled: false`…); a nil
/// value means the key is absent.
/// A list entry that is a plain value (an `order:` name) has `single` instead.
struct ListItem: Equatable {
    var pairs: [(key: String, value: YAMLValue?)] = []
    var single: YAMLValue?

    static func == (lhs: ListItem, rhs: ListItem) -> Bool {
        lhs.single == rhs.single && lhs.pairs.count == rhs.pairs.count
            && zip(lhs.pairs, rhs.pairs).allSatisfy { $0.key == $1.key && $0.value == $1.value }
    }

    /// `{name: a, value: b}`, or the plain value.
    var flow: String {
        if let single { return single.written() }
        return "{" + pairs.compactMap { pair in pair.value.map { "\(pair.key): \($0.written())" } }.joined(separator: ", ") + "}"
    }

    /// `name: a` and `value: b` as lines, for a list of block mappings.
    var block: [String] { pairs.compactMap { pair in pair.value.map { "\(pair.key): \($0.written())" } } }

    func value(_ key: String) -> YAMLValue? { pairs.first { $0.key == key }?.value ?? nil }
}

/// One step from an old list to a new one.
enum ListStep<Item> {
    case change(old: Int, Item)
    case remove(old: Int)
    /// Inserted after old entry `after` (nil: before the first).
    case insert(Item, after: Int?)
}

/// Per-entry edits of lists: a changed entry gets that entry's text edited, an added one a new
/// line (or flow item) like its neighbours, a removed one loses its line (or flow item and comma).
extension TextEditor {
    /// The steps from `old` to `new`: a longest common subsequence is kept, and removals next
    /// to insertions pair up as changes.
    static func steps<Item: Equatable>(from old: [Item], to new: [Item]) -> [ListStep<Item>] {
        var steps: [ListStep<Item>] = []
        var removed: [Int] = [], added: [Item] = []
        var lastOld: Int? = nil
        func flush() {
            for (offset, index) in removed.enumerated() {
                if offset < added.count { steps.append(.change(old: index, added[offset])) } else { steps.append(.remove(old: index)) }
            }
            let anchor = removed.last ?? lastOld
            for item in added.dropFirst(removed.count) { steps.append(.insert(item, after: anchor)) }
            removed = []
            added = []
        }
        for step in SequenceAlignment.steps(from: old, to: new, preferring: .insertions) {
            switch step {
            case .keep(let index, _):
                flush()
                lastOld = index
            case .insert(let index): added.append(new[index])
            case .remove(let index):
                removed.append(index)
                lastOld = index
            }
        }
        flush()
        return steps
    }

    /// Edits the block or flow list `node`, whose entries read as `old`, to hold `new`.
    mutating func editList(_ node: LocatedNode, from old: [ListItem], to new: [ListItem]) throws(Refusal) {
        let items = node.items
        guard items.count == old.count else { throw Refusal("a list with an entry that could not be read") }
        var removals: [Int] = []
        for step in Self.steps(from: old, to: new) {
            switch step {
            case .remove(let index): removals.append(index)
            case .change(let index, let item): try editItem(items[index], from: old[index], to: item)
            case .insert(let item, let after): try insertItem(item, into: node, after: after)
            }
        }
        // Neighbouring removals go together, so a flow list loses exactly one comma per entry.
        var runs: [ClosedRange<Int>] = []
        for index in removals.sorted() {
            if let last = runs.last, last.upperBound + 1 == index { runs[runs.count - 1] = last.lowerBound...index } else { runs.append(index...index) }
        }
        for run in runs {
            if node.isFlow {
                removeFlow(run, of: items.map(\.range))
            } else {
                let dash = try source.dash(before: items[run.lowerBound].range.lowerBound)
                guard source.startsLine(dash) else { throw Refusal("a list entry that shares its line") }
                removeLines(dash, items[run.upperBound].range.upperBound)
            }
        }
    }

    /// Edits one entry: the pairs that changed when it is a mapping, else its whole text.
    private mutating func editItem(_ node: LocatedNode, from old: ListItem, to new: ListItem) throws(Refusal) {
        if let single = new.single, case .scalar(_, _, false) = node.kind { return set(node, to: single) }
        guard case .mapping = node.kind, new.single == nil else { return replace(node.range, with: new.flow) }
        let order = new.pairs.map(\.key)
        // A key that goes (`value` of a part that becomes a `file`) is no place to put a new one after.
        let staying = node.pairs.map(\.name).filter { name in !new.pairs.contains { $0.key == name && $0.value == nil } }
        for (key, value) in new.pairs where old.value(key) != value {
            guard let value, node.pair(key) == nil else {
                try setScalar(key, value, in: node, order: order)
                continue
            }
            let anchor = Self.place(of: key, among: staying, order: order).flatMap { index in node.pairs.firstIndex { $0.name == staying[index] } }
            try insertPair(key, .inline(value.written()), into: node, after: anchor)
        }
    }

    /// Adds an entry like its neighbours: a flow item, a `- {…}` line, or `- key: value` lines.
    private mutating func insertItem(_ item: ListItem, into node: LocatedNode, after index: Int?) throws(Refusal) {
        let items = node.items
        if node.isFlow { return insertFlow(item.flow, into: node, elements: items.map(\.range), after: index) }
        let neighbour = items[index ?? 0]
        let dash = try source.dash(before: neighbour.range.lowerBound)
        let prefix = source.text(source.lineStart(dash)..<neighbour.range.lowerBound)
        let pad = String(repeating: " ", count: prefix.unicodeScalars.count)
        var lines = [prefix + item.flow]
        if case .mapping(_, false) = neighbour.kind {
            let block = item.block
            lines = [prefix + (block.first ?? "{}")] + block.dropFirst().map { pad + $0 }
        }
        if let index {
            insertLines(lines, after: items[index].range.upperBound)
        } else {
            insert(lines.joined(separator: source.newline) + source.newline, at: source.lineStart(dash))
        }
    }
}
