import Foundation

/// Pretty-printed JSON indexed by line, for viewers: the text, where each line starts, and for
/// every line that opens an object or array the line that closes it (folding jumps over it
/// without reformatting anything).
public struct JSONPrettyDocument: Sendable {
    /// The pretty-printed UTF-8 text, lines separated by `\n`.
    public let bytes: [UInt8]
    /// Offset in `bytes` of each line's first byte.
    public let lineStarts: [Int]
    /// For a line that opens a non-empty object or array, the line that closes it; -1 otherwise.
    public let closingLine: [Int32]
    /// Spaces per nesting level.
    public let indent: Int

    /// Validates `data` and pretty-prints it with `indent` spaces per level.
    /// - Throws: `JSONError` with the line and column of the first problem.
    public init(_ data: Data, indent: Int = 2) throws(JSONError) {
        try JSONLookup.validate(data)
        self.indent = indent
        var output = [UInt8]()
        output.reserveCapacity(data.count + data.count / 2)
        var starts = [0]
        var closing: [Int32] = [-1]
        var open: [Int] = []
        var depth = 0
        var inString = false
        var escaped = false
        data.withUnsafeBytes { (bytes: UnsafeRawBufferPointer) in
            func newline() {
                output.append(0x0A)
                starts.append(output.count)
                closing.append(-1)
                output.append(contentsOf: repeatElement(0x20, count: depth * indent))
            }
            var index = 0
            while index < bytes.count {
                let byte = bytes[index]
                index += 1
                if inString {
                    output.append(byte)
                    if escaped { escaped = false } else if byte == UInt8(ascii: "\\") { escaped = true } else if byte == UInt8(ascii: "\"") { inString = false }
                    continue
                }
                switch byte {
                case 0x20, 0x0A, 0x0D, 0x09:
                    continue
                case UInt8(ascii: "\""):
                    inString = true
                    output.append(byte)
                case UInt8(ascii: "{"), UInt8(ascii: "["):
                    output.append(byte)
                    var next = index
                    while next < bytes.count, bytes[next] == 0x20 || bytes[next] == 0x0A || bytes[next] == 0x0D || bytes[next] == 0x09 { next += 1 }
                    if next < bytes.count, bytes[next] == byte + 2 {
                        // Empty containers stay `{}` and `[]` on one line.
                        output.append(bytes[next])
                        index = next + 1
                    } else {
                        open.append(starts.count - 1)
                        depth += 1
                        newline()
                    }
                case UInt8(ascii: "}"), UInt8(ascii: "]"):
                    depth -= 1
                    newline()
                    output.append(byte)
                    if let opener = open.popLast() { closing[opener] = Int32(starts.count - 1) }
                case UInt8(ascii: ","):
                    output.append(byte)
                    newline()
                case UInt8(ascii: ":"):
                    output.append(byte)
                    output.append(0x20)
                default:
                    output.append(byte)
                }
            }
        }
        bytes = output
        lineStarts = starts
        closingLine = closing
    }

    public var lineCount: Int { lineStarts.count }

    /// The bytes of line `index`, without its line break.
    public func lineBytes(_ index: Int) -> ArraySlice<UInt8> {
        let end = index + 1 < lineStarts.count ? lineStarts[index + 1] - 1 : bytes.count
        return bytes[lineStarts[index]..<end]
    }

    /// The text of line `index`.
    public func line(_ index: Int) -> String { String(decoding: lineBytes(index), as: UTF8.self) }

    /// The nesting level of line `index`.
    public func depth(of index: Int) -> Int {
        var spaces = 0
        for byte in lineBytes(index) {
            guard byte == 0x20 else { break }
            spaces += 1
        }
        return spaces / max(1, indent)
    }

    /// Whether line `index` closes a container (`}` or `]`, possibly followed by a comma).
    public func isClosing(_ index: Int) -> Bool {
        guard let first = lineBytes(index).first(where: { $0 != 0x20 }) else { return false }
        return first == UInt8(ascii: "}") || first == UInt8(ascii: "]")
    }

    /// The key path of the value that starts on line `index` (a closing line belongs to its
    /// container): `data/items/0`. Walks up by indentation, so it costs the lines above, not the document.
    public func path(at index: Int) -> JSONKeyPath {
        guard lineStarts.indices.contains(index) else { return JSONKeyPath(components: []) }
        var line = index
        if isClosing(line), let opener = opener(ofClosing: line) { line = opener }
        var components: [String] = []
        while true {
            let level = depth(of: line)
            guard level > 0, let parent = parent(of: line, level: level) else { break }
            if lineBytes(parent).last == UInt8(ascii: "[") {
                components.append(String(siblingIndex(of: line, after: parent, level: level)))
            } else if let key = key(on: line) {
                components.append(key)
            }
            line = parent
        }
        return JSONKeyPath(components: components.reversed())
    }

    /// The nearest line above at `level - 1`: the container line `line` sits in.
    private func parent(of line: Int, level: Int) -> Int? {
        var candidate = line - 1
        while candidate >= 0 {
            // Every line inside the container is at `level` or deeper, so the first shallower one opens it.
            if depth(of: candidate) < level { return candidate }
            candidate -= 1
        }
        return nil
    }

    private func opener(ofClosing line: Int) -> Int? {
        var candidate = line - 1
        while candidate >= 0 {
            if closingLine[candidate] == Int32(line) { return candidate }
            candidate -= 1
        }
        return nil
    }

    /// Counts the elements before `line` in the array opened on `parent`, jumping over nested containers.
    private func siblingIndex(of line: Int, after parent: Int, level: Int) -> Int {
        var count = 0
        var cursor = parent + 1
        while cursor < line {
            count += 1
            let close = Int(closingLine[cursor])
            cursor = close > cursor ? close + 1 : cursor + 1
        }
        return count
    }

    /// The decoded object key a line starts with, if it starts with one.
    private func key(on line: Int) -> String? {
        let bytes = Array(lineBytes(line).drop { $0 == 0x20 })
        guard bytes.first == UInt8(ascii: "\"") else { return nil }
        var index = 1
        var escaped = false
        while index < bytes.count {
            let byte = bytes[index]
            if escaped { escaped = false } else if byte == UInt8(ascii: "\\") { escaped = true } else if byte == UInt8(ascii: "\"") { break }
            index += 1
        }
        guard index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: ":") else { return nil }
        let quoted = Data(bytes[0...index])
        if !quoted.contains(UInt8(ascii: "\\")) { return String(decoding: bytes[1..<index], as: UTF8.self) }
        return (try? JSONDecoder().decode(String.self, from: quoted)) ?? String(decoding: bytes[1..<index], as: UTF8.self)
    }
}
