import Foundation

/// Why a file cannot be edited in place; becomes `StoreError.notLossless`.
struct Refusal: Error {
    let reason: String
    init(_ reason: String) { self.reason = reason }
}

/// A YAML file's text as Unicode scalars with line starts, so libyaml's marks (line and column
/// counted from 1, in scalars) map onto offsets, and edits are ranges of offsets.
struct YAMLSource {
    let scalars: [Unicode.Scalar]
    /// The offset of the first scalar of each line.
    let lineStarts: [Int]
    /// The file's own line break, used for inserted lines.
    let newline: String

    init(_ text: String) {
        scalars = Array(text.unicodeScalars)
        var starts = [0]
        for (offset, scalar) in scalars.enumerated() where scalar == "\n" { starts.append(offset + 1) }
        lineStarts = starts
        newline = text.contains("\r\n") ? "\r\n" : "\n"
    }

    var count: Int { scalars.count }

    /// A line break libyaml counts that this source does not (a lone `\r`, U+0085, U+2028,
    /// U+2029), named with its line; nil when there is none. Marks after one would point at the
    /// wrong text, so such files are refused rather than edited.
    var unsupportedLineBreak: String? {
        for (offset, scalar) in scalars.enumerated() {
            let name: String
            switch scalar.value {
            case 0x0D where self[offset + 1] != "\n": name = "a carriage return without a line feed"
            case 0x85, 0x2028, 0x2029: name = "the line break U+" + String(scalar.value, radix: 16, uppercase: true).leftPadded(to: 4)
            default: continue
            }
            return "\(name) on line \(lineStarts.lastIndex { $0 <= offset }.map { $0 + 1 } ?? 1)"
        }
        return nil
    }

    subscript(offset: Int) -> Unicode.Scalar? { offset >= 0 && offset < scalars.count ? scalars[offset] : nil }

    /// The offset of a libyaml mark.
    func offset(line: Int, column: Int) -> Int? {
        guard line >= 1, line <= lineStarts.count else { return nil }
        let offset = lineStarts[line - 1] + column - 1
        return offset <= scalars.count ? offset : nil
    }

    /// The start of the line holding `offset`.
    func lineStart(_ offset: Int) -> Int {
        var low = 0, high = lineStarts.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if lineStarts[middle] <= offset { low = middle } else { high = middle - 1 }
        }
        return lineStarts[low]
    }

    /// Just past the line break of the line holding `offset` (the end of the text on the last line).
    func lineEnd(_ offset: Int) -> Int {
        var index = offset
        while index < scalars.count, scalars[index] != "\n" { index += 1 }
        return min(index + 1, scalars.count)
    }

    /// Whether `offset` is at the very end of a text without a final line break.
    func endsWithoutNewline(at offset: Int) -> Bool { offset == scalars.count && scalars.last != "\n" }

    /// The number of spaces the line holding `offset` starts with.
    func indentation(_ offset: Int) -> Int {
        let start = lineStart(offset)
        var index = start
        while index < scalars.count, scalars[index] == " " { index += 1 }
        return index - start
    }

    /// The column of `offset` in its line, from 0.
    func column(_ offset: Int) -> Int { offset - lineStart(offset) }

    /// Whether only spaces come before `offset` on its line.
    func startsLine(_ offset: Int) -> Bool { indentation(offset) == column(offset) }

    /// The text of a range.
    func text(_ range: Range<Int>) -> String {
        var result = String.UnicodeScalarView()
        result.append(contentsOf: scalars[range])
        return String(result)
    }

    /// Skips spaces (and, when `lines`, line breaks and comments) from `offset`.
    func skipSpace(from offset: Int, lines: Bool) -> Int {
        var index = offset
        while let scalar = self[index] {
            if scalar == " " || scalar == "\t" || (lines && (scalar == "\n" || scalar == "\r")) {
                index += 1
            } else if lines, scalar == "#" {
                index = lineEnd(index)
            } else {
                break
            }
        }
        return index
    }

    /// Node properties (`&anchor`, `*alias`, `!tag`) at the start of a node, outside quotes and
    /// comments: such a file means one node in several places, which an edit of one place cannot
    /// keep right. Inside a plain value (`name: Hello !world`) they are text, not properties.
    func hasNodeProperties() -> Bool {
        var quote: Unicode.Scalar?
        var previous: Unicode.Scalar = "\n"
        // The last scalar before the current spaces: a node starts after `:`, `-`, `?`, a flow
        // bracket or comma, or at the start of a line.
        var significant: Unicode.Scalar = "\n"
        var index = 0
        while index < scalars.count {
            let scalar = scalars[index]
            defer { index += 1 }
            if let open = quote {
                if scalar == "\\" && open == "\"" { index += 1 } else if scalar == open { quote = nil }
                previous = scalar
                significant = scalar
                continue
            }
            let atToken = [" ", "\n", "\t", "[", "{", ","].contains(previous)
            if scalar == "#" && (previous == " " || previous == "\n" || previous == "\t") {
                index = lineEnd(index) - 1
                previous = "\n"
                significant = "\n"
                continue
            }
            if atToken && (scalar == "\"" || scalar == "'") { quote = scalar }
            let startsNode = atToken && [":", "-", "?", "[", "{", ",", "\n"].contains(significant)
            if startsNode, ["&", "*", "!"].contains(scalar), let next = self[index + 1], next != " ", next != "\n" { return true }
            previous = scalar
            if scalar != " " && scalar != "\t" { significant = scalar }
        }
        return false
    }
}
