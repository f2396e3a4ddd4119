import Foundation
import Yams

/// Keeps a folder's `order:` list (in its `collection.yaml`) in step with the explorer's file
/// operations: a renamed request keeps its place, a moved or deleted one leaves no stale name
/// behind, a duplicate lands next to its original. The edit touches only the entry's text, so
/// comments and layout stay as written; a list it cannot read with certainty is left alone.
public enum OrderListEdit {
    /// Replaces `old` with `new` in the list of a settings file's `text`.
    /// - Returns: The edited text, or nil when there is nothing to change or no list to read with certainty.
    public static func rename(_ old: String, to new: String, in text: String) -> String? {
        edit(text) { text, list in
            guard let entry = list.entries.first(where: { $0.value == old }) else { return nil }
            return text.replacingCharacters(in: entry.range, with: YAMLText.scalar(new, like: entry.quote))
        }
    }

    /// Takes `name` out of the list of a settings file's `text`.
    /// - Returns: The edited text, or nil when there is nothing to change.
    public static func remove(_ name: String, in text: String) -> String? {
        edit(text) { text, list in
            guard let index = list.entries.firstIndex(where: { $0.value == name }) else { return nil }
            let entry = list.entries[index]
            if !list.isFlow { return text.replacingCharacters(in: entry.line, with: "") }
            // `[a, b, c]`: an entry takes the comma after it with it, the last one the comma before it.
            if index + 1 < list.entries.count {
                return text.replacingCharacters(in: entry.range.lowerBound..<list.entries[index + 1].range.lowerBound, with: "")
            }
            if index > 0 {
                return text.replacingCharacters(in: list.entries[index - 1].range.upperBound..<entry.range.upperBound, with: "")
            }
            return text.replacingCharacters(in: entry.range, with: "")
        }
    }

    /// Puts `name` right after `existing` in the list of a settings file's `text`.
    /// - Returns: The edited text, or nil when there is nothing to change.
    public static func insert(_ name: String, after existing: String, in text: String) -> String? {
        edit(text) { text, list in
            guard let entry = list.entries.first(where: { $0.value == existing }) else { return nil }
            if list.isFlow { return text.replacingCharacters(in: entry.range.upperBound..<entry.range.upperBound, with: ", " + YAMLText.scalar(name)) }
            // A block entry: a line like it, with the new name.
            let line = String(text[entry.line])
            let prefix = line[..<line.index(line.startIndex, offsetBy: text.distance(from: entry.line.lowerBound, to: entry.range.lowerBound))]
            let newline = line.hasSuffix("\n") ? "" : "\n"
            return text.replacingCharacters(in: entry.line.upperBound..<entry.line.upperBound, with: newline + prefix + YAMLText.scalar(name) + "\n")
        }
    }

    /// One name in the list: its value, the range of its text (quotes included), the quote
    /// character if quoted, and the range of its whole line (for block lists).
    struct Entry {
        let value: String
        let range: Range<String.Index>
        let quote: Character?
        let line: Range<String.Index>
    }

    struct List {
        let isFlow: Bool
        let entries: [Entry]
    }

    /// Finds the list in `text` and applies `change`; no list, or one that does not read back as expected, is nil.
    private static func edit(_ text: String, _ change: (String, List) -> String?) -> String? {
        list(in: text).flatMap { change(text, $0) }
    }

    /// The `order:` list of a settings file, located in its text.
    static func list(in text: String) -> List? {
        guard let root = try? Yams.compose(yaml: text), case .mapping(let mapping) = root,
              let node = mapping.first(where: { $0.key.string == "order" })?.value,
              case .sequence(let sequence) = node else { return nil }
        let lineStarts = [text.startIndex] + text.indices.filter { text[$0] == "\n" }.map { text.index(after: $0) }
        var entries: [Entry] = []
        // libyaml counts lines from 1 and columns in characters; a place it cannot be matched on is not edited.
        func place(of node: Node) -> (start: String.Index, line: Range<String.Index>)? {
            guard let mark = node.mark, mark.line >= 1, mark.line - 1 < lineStarts.count else { return nil }
            let lineStart = lineStarts[mark.line - 1]
            let lineEnd = text[lineStart...].firstIndex(of: "\n").map { text.index(after: $0) } ?? text.endIndex
            guard let start = text.index(lineStart, offsetBy: mark.column - 1, limitedBy: lineEnd), start < lineEnd else { return nil }
            return (start, lineStart..<lineEnd)
        }
        for item in sequence {
            guard case .scalar(let scalar) = item, let (start, line) = place(of: item) else { return nil }
            let quote: Character? = ["'", "\""].contains(text[start]) ? text[start] : nil
            let token = quote.map { "\($0)\(scalar.string)\($0)" } ?? scalar.string
            guard text[start...].hasPrefix(token) else { return nil }
            entries.append(Entry(value: scalar.string, range: start..<text.index(start, offsetBy: token.count), quote: quote, line: line))
        }
        // A flow list starts at its bracket; Yams does not keep the style of a composed node.
        let isFlow = place(of: node).map { text[$0.start] == "[" } ?? false
        return List(isFlow: isFlow, entries: entries)
    }
}
