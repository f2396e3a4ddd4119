/// A value to write: text is quoted as needed (keeping the quotes it had), raw text (numbers,
/// booleans, methods) is written as it is.
enum YAMLValue: Equatable {
    case text(String)
    case raw(String)

    /// The value as YAML, in the quotes of the value it replaces.
    func written(like quote: Character? = nil) -> String {
        switch self {
        case .text(let text): return YAMLText.scalar(text, like: quote)
        case .raw(let text): return text
        }
    }
}

/// New text for a value: on the key's line, or as lines below it (indented relative to the key).
enum Rendered {
    case inline(String)
    case block([String])
}

/// Collects edits of a source's text — ranges and their replacements — and applies them at
/// once, refusing overlapping ones. Inserts at one place keep the order they were made in.
struct TextEditor {
    let source: YAMLSource
    private var edits: [(range: Range<Int>, text: String)] = []

    init(_ source: YAMLSource) { self.source = source }

    var isEmpty: Bool { edits.isEmpty }

    mutating func replace(_ range: Range<Int>, with text: String) { edits.append((range, text)) }

    mutating func insert(_ text: String, at offset: Int) { edits.append((offset..<offset, text)) }

    /// Whether an edit replaces or removes the text at `offset`.
    func removes(_ offset: Int) -> Bool { edits.contains { $0.range.contains(offset) } }

    /// The edited text.
    func apply() throws(Refusal) -> String {
        // At one place, inserts (in the order made) come before the one edit that replaces text there.
        let ordered = edits.enumerated().sorted {
            ($0.element.range.lowerBound, $0.element.range.isEmpty ? 0 : 1, $0.offset) < ($1.element.range.lowerBound, $1.element.range.isEmpty ? 0 : 1, $1.offset)
        }
        var result = String.UnicodeScalarView()
        var position = 0
        for (_, edit) in ordered {
            guard edit.range.lowerBound >= position else { throw Refusal("two changes touch the same text") }
            result.append(contentsOf: source.scalars[position..<edit.range.lowerBound])
            result.append(contentsOf: edit.text.unicodeScalars)
            position = edit.range.upperBound
        }
        result.append(contentsOf: source.scalars[position...])
        return String(result)
    }

    // MARK: - Scalars

    /// Replaces a scalar's text, keeping its quotes.
    mutating func set(_ node: LocatedNode, to value: YAMLValue) {
        guard case .scalar(_, let quote, _) = node.kind else { return }
        replace(node.range, with: value.written(like: quote))
    }

    /// Just past the `:` after a key.
    func colonEnd(of pair: LocatedPair) throws(Refusal) -> Int {
        let colon = source.skipSpace(from: pair.key.range.upperBound, lines: false)
        guard source[colon] == ":" else { throw Refusal("a key whose ':' is not where it was expected") }
        return colon + 1
    }

    /// Replaces a pair's value, moving it onto the key's line or below it as `rendered` needs.
    mutating func replaceValue(of pair: LocatedPair, with rendered: Rendered) throws(Refusal) {
        let value = pair.value.range
        let onKeyLine = source.lineStart(value.lowerBound) == source.lineStart(pair.key.range.lowerBound)
        switch rendered {
        case .inline(let text):
            if onKeyLine { replace(value, with: text) } else { replace(try colonEnd(of: pair)..<value.upperBound, with: " " + text) }
        case .block(let lines):
            let pad = String(repeating: " ", count: source.column(pair.key.range.lowerBound))
            let body = lines.map { pad + $0 }.joined(separator: source.newline)
            if onKeyLine {
                replace(try colonEnd(of: pair)..<value.upperBound, with: source.newline + body)
            } else {
                replace(source.lineStart(value.lowerBound)..<value.upperBound, with: body)
            }
        }
    }

    // MARK: - Lines

    /// Where a new line goes after the node ending at `end`: the start of the next line (and
    /// whether a line break must come first, for a last line without one).
    func lineAfter(_ end: Int) -> (offset: Int, needsBreak: Bool) {
        let offset = source.lineEnd(max(end - 1, 0))
        return (offset, source.endsWithoutNewline(at: offset))
    }

    /// Inserts whole lines after the node ending at `end`.
    mutating func insertLines(_ lines: [String], after end: Int) {
        let (offset, needsBreak) = lineAfter(end)
        let text = lines.joined(separator: source.newline) + source.newline
        insert(needsBreak ? source.newline + text : text, at: offset)
    }

    /// Removes the lines from the one holding `start` to the one holding `end - 1`.
    mutating func removeLines(_ start: Int, _ end: Int) {
        replace(source.lineStart(start)..<source.lineEnd(max(end - 1, start)), with: "")
    }

    // MARK: - Flow collections

    /// Removes elements `run` of a flow collection (given as the elements' ranges) with the right comma.
    mutating func removeFlow(_ run: ClosedRange<Int>, of elements: [Range<Int>]) {
        if run.upperBound + 1 < elements.count {
            replace(elements[run.lowerBound].lowerBound..<elements[run.upperBound + 1].lowerBound, with: "")
        } else if run.lowerBound > 0 {
            replace(elements[run.lowerBound - 1].upperBound..<elements[run.upperBound].upperBound, with: "")
        } else {
            replace(elements[run.lowerBound].lowerBound..<elements[run.upperBound].upperBound, with: "")
        }
    }

    /// Inserts `text` into a flow collection after element `index` (nil: first).
    mutating func insertFlow(_ text: String, into node: LocatedNode, elements: [Range<Int>], after index: Int?) {
        if elements.isEmpty {
            insert(text, at: node.range.lowerBound + 1)
        } else if let index {
            insert(", " + text, at: elements[index].upperBound)
        } else {
            insert(text + ", ", at: elements[0].lowerBound)
        }
    }
}
