import Foundation
import Yams

/// A YAML node with the range of its text. Yams gives start marks only; ends are worked out
/// from the text (quotes matched, flow collections closed after their last child, block
/// collections ended by their last child, block scalars by indentation), and anything that
/// cannot be placed for certain is refused. Every edit is checked again by re-parsing.
struct LocatedNode {
    enum Kind {
        /// A scalar; `quote` is `'` or `"` when quoted; `block` for `|` and `>` scalars.
        case scalar(String, quote: Character?, block: Bool)
        case mapping([LocatedPair], flow: Bool)
        case sequence([LocatedNode], flow: Bool)
    }

    let range: Range<Int>
    let kind: Kind

    /// The pairs of a mapping (empty otherwise).
    var pairs: [LocatedPair] {
        if case .mapping(let pairs, _) = kind { return pairs }
        return []
    }

    /// The items of a sequence (empty otherwise).
    var items: [LocatedNode] {
        if case .sequence(let items, _) = kind { return items }
        return []
    }

    /// Whether the node is a flow collection (`[…]`, `{…}`).
    var isFlow: Bool {
        switch kind {
        case .mapping(_, let flow), .sequence(_, let flow): return flow
        case .scalar: return false
        }
    }

    /// The pair with key `key`.
    func pair(_ key: String) -> LocatedPair? { pairs.first { $0.name == key } }
}

/// A key and its value.
struct LocatedPair {
    let key: LocatedNode
    let value: LocatedNode

    var name: String {
        if case .scalar(let text, _, _) = key.kind { return text }
        return ""
    }

    /// From the key to the end of the value.
    var range: Range<Int> { key.range.lowerBound..<max(key.range.upperBound, value.range.upperBound) }
}

extension YAMLSource {
    /// Locates `node` and everything below it.
    /// - Parameters:
    ///   - flow: Whether the node sits inside a flow collection.
    ///   - parentIndent: The column of the key or dash owning the node (block scalars end where
    ///     a line is indented no further).
    func locate(_ node: Node, flow: Bool = false, parentIndent: Int = -1) throws(Refusal) -> LocatedNode {
        guard let mark = node.mark, let start = offset(line: mark.line, column: mark.column) else {
            throw Refusal("a value whose place in the text is unknown")
        }
        switch node {
        case .scalar(let scalar):
            return try locateScalar(scalar, at: start, parentIndent: parentIndent)
        case .mapping(let mapping):
            let isFlow = self[start] == "{"
            var pairs: [LocatedPair] = []
            for (key, value) in mapping {
                let located = try locate(key, flow: isFlow || flow)
                guard case .scalar = located.kind else { throw Refusal("a key that is not plain text") }
                pairs.append(LocatedPair(key: located, value: try locate(value, flow: isFlow || flow, parentIndent: column(located.range.lowerBound))))
            }
            if isFlow { return LocatedNode(range: start..<(try close("}", after: pairs.last?.range.upperBound ?? start + 1)), kind: .mapping(pairs, flow: true)) }
            guard let first = pairs.first, let last = pairs.last else { throw Refusal("an empty block mapping") }
            return LocatedNode(range: first.range.lowerBound..<last.range.upperBound, kind: .mapping(pairs, flow: false))
        case .sequence(let sequence):
            let isFlow = self[start] == "["
            var items: [LocatedNode] = []
            for item in sequence {
                let itemStart = item.mark.flatMap { offset(line: $0.line, column: $0.column) } ?? start
                let dash = isFlow ? itemStart : try self.dash(before: itemStart)
                items.append(try locate(item, flow: isFlow || flow, parentIndent: column(dash)))
            }
            if isFlow { return LocatedNode(range: start..<(try close("]", after: items.last?.range.upperBound ?? start + 1)), kind: .sequence(items, flow: true)) }
            guard let first = items.first, let last = items.last else { throw Refusal("an empty block list") }
            return LocatedNode(range: (try dash(before: first.range.lowerBound))..<last.range.upperBound, kind: .sequence(items, flow: false))
        case .alias:
            throw Refusal("it uses an alias (*name)")
        }
    }

    /// `end` moved back over the line break that precedes it, if any.
    func lineBreak(before end: Int) -> Int {
        var index = end
        if index > 0, scalars[index - 1] == "\n" { index -= 1 }
        if index > 0, scalars[index - 1] == "\r" { index -= 1 }
        return index
    }

    /// The `-` of a block list item that starts at `offset`.
    func dash(before offset: Int) throws(Refusal) -> Int {
        var index = offset - 1
        while index >= 0, scalars[index] == " " { index -= 1 }
        guard index >= 0, scalars[index] == "-" else { throw Refusal("a list item that does not start on its dash's line") }
        return index
    }

    /// Just past the bracket closing a flow collection whose last child ends at `offset`.
    private func close(_ bracket: Unicode.Scalar, after offset: Int) throws(Refusal) -> Int {
        var index = skipSpace(from: offset, lines: true)
        if self[index] == "," { index = skipSpace(from: index + 1, lines: true) }
        guard self[index] == bracket else { throw Refusal("a flow collection whose end is not where it was expected") }
        return index + 1
    }

    private func locateScalar(_ scalar: Node.Scalar, at start: Int, parentIndent: Int) throws(Refusal) -> LocatedNode {
        let value = scalar.string
        switch self[start] {
        case "\""?, "'"?:
            let quote = scalars[start]
            var index = start + 1
            while let current = self[index] {
                if quote == "\"" && current == "\\" {
                    index += 2
                } else if current == quote {
                    if quote == "'" && self[index + 1] == "'" { index += 2; continue }
                    return LocatedNode(range: start..<(index + 1), kind: .scalar(value, quote: Character(quote), block: false))
                } else {
                    index += 1
                }
            }
            throw Refusal("a quoted value without its closing quote")
        case "|"?, ">"?:
            // The value runs while lines are blank or indented past its key (or dash).
            var end = lineEnd(start)
            var contentEnd = lineBreak(before: end)
            while end < count {
                let next = lineEnd(end)
                let line = text(end..<next).trimmingCharacters(in: .whitespacesAndNewlines)
                if !line.isEmpty {
                    guard indentation(end) > parentIndent else { break }
                    contentEnd = lineBreak(before: next)
                }
                end = next
            }
            return LocatedNode(range: start..<contentEnd, kind: .scalar(value, quote: nil, block: true))
        default:
            let expected = Array(value.unicodeScalars)
            guard !expected.isEmpty else { throw Refusal("an empty value") }
            guard start + expected.count <= count, Array(scalars[start..<(start + expected.count)]) == expected else {
                throw Refusal("a value written over several lines")
            }
            return LocatedNode(range: start..<(start + expected.count), kind: .scalar(value, quote: nil, block: false))
        }
    }
}
