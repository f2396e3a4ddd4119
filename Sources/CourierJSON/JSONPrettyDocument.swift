import CJSONBlocks
import Foundation

/// JSON indexed by pretty-printed line, for viewers. One pass validates the bytes and records where
/// each pretty line starts in them, its depth, and for every line that opens an object or array
/// the line that closes it (`StructuralIndexer`; `JSONLineIndexer` says what is wrong with a
/// document it refuses). The pretty text itself is never built: a line is made (and styled) from
/// the original bytes when it is shown, so indexing costs one pass and about ten bytes per line,
/// and folding jumps over closing lines without reformatting anything.
public struct JSONPrettyDocument: Sendable {
    /// The original bytes.
    public let source: Data
    /// Offset in `source` of each line's first token.
    private let starts: [Int32]
    /// The nesting level of each line.
    private let depths: [UInt16]
    /// For a line that opens a non-empty object or array, the line that closes it (greater than
    /// the line); for the line that closes one, -2 minus the line that opens it; -1 otherwise.
    /// Both links make walking the structure cost the containers on the way, not the lines.
    public let closingLine: [Int32]
    /// Spaces per nesting level.
    public let indent: Int
    /// False for a document that indexes only the start of a body (see `init(prefixOf:length:)`).
    public let isComplete: Bool
    /// Why the first-screen index stopped before the end of its bytes: nesting deeper than
    /// validation accepts, with where it starts. Nil when every byte given was indexed, and for
    /// a validated document (which throws instead).
    public let problem: JSONError?

    /// Validates `data` and indexes its pretty-printed lines.
    /// - Throws: `JSONError` with the line and column of the first problem; also for documents
    ///   over 2 GiB, which the index's 32-bit offsets cannot hold (validation already refuses
    ///   nesting deeper than 512 levels).
    public init(_ data: Data, indent: Int = 2) throws(JSONError) {
        guard data.count < Int(Int32.max) else {
            throw JSONError(message: "the document is larger than 2 GiB", offset: 0, line: 1, column: 1)
        }
        let indexed: Result<([Int32], [UInt16], [Int32]), JSONError> = data.withUnsafeBytes { bytes in
            #if DEBUG
            // Unoptimized, the two-stage indexer runs at half the one-pass indexer's speed (stage
            // two's Swift; stage one is C, see CJSONBlocks), and debug-build tests index 100 MB
            // bodies; both give the same index (TwoStageIndexerTests).
            let twoStage: ([Int32], [UInt16], [Int32])? = nil
            #else
            // Without SSE2 (arm64, say) stage one goes byte by byte and the one-pass indexer is faster.
            let twoStage = cjson_classifier_is_vectorized() ? StructuralIndexer.index(bytes) : nil
            #endif
            if let twoStage { return .success(twoStage) }
            // Not valid JSON: the one-pass indexer finds the same first problem the validator does.
            var indexer = JSONLineIndexer(bytes)
            do throws(JSONError) {
                try indexer.indexDocument()
                return .success(indexer.finish())
            } catch {
                return .failure(error)
            }
        }
        (starts, depths, closingLine) = try indexed.get()
        source = data
        self.indent = indent
        isComplete = true
        problem = nil
    }

    /// Indexes only the first `length` bytes (at most 2 GiB), unvalidated, so the first screen of
    /// a huge body can show while the whole is validated and indexed. Containers that close later
    /// cannot fold. Whatever the bytes, this never traps: nesting deeper than validation accepts
    /// ends the index there, and `problem` says so.
    public init(prefixOf data: Data, length: Int, indent: Int = 2) {
        source = data.prefix(max(0, min(length, Int(Int32.max) - 1)))
        self.indent = indent
        isComplete = false
        let index = source.withUnsafeBytes { JSONPrefixIndexer.index($0) }
        (starts, depths, closingLine, problem) = (index.starts, index.depths, index.closing, index.problem)
    }

    public var lineCount: Int { starts.count }

    /// The nesting level of line `index`.
    public func depth(of index: Int) -> Int { Int(depths[index]) }

    /// The pretty text of line `index`, at most `limit` bytes of it: indentation, then the tokens
    /// with whitespace removed and one space after each `:`.
    public func lineBytes(_ index: Int, limit: Int = .max) -> [UInt8] {
        let start = Int(starts[index])
        let end = index + 1 < starts.count ? Int(starts[index + 1]) : source.count
        var line = [UInt8](repeating: 0x20, count: min(limit, Int(depths[index]) * indent))
        guard line.count < limit else { return line }
        source.withUnsafeBytes { (bytes: UnsafeRawBufferPointer) in
            var position = start
            var inString = false
            var escaped = false
            while position < end, line.count < limit {
                let byte = bytes[position]
                position += 1
                if inString {
                    line.append(byte)
                    if escaped { escaped = false } else if byte == UInt8(ascii: "\\") { escaped = true } else if byte == UInt8(ascii: "\"") { inString = false }
                    continue
                }
                switch byte {
                case 0x20, 0x0A, 0x0D, 0x09: continue
                case UInt8(ascii: "\""):
                    inString = true
                    line.append(byte)
                case UInt8(ascii: ":"):
                    line.append(byte)
                    line.append(0x20)
                default:
                    line.append(byte)
                }
            }
        }
        return Array(line.prefix(limit))
    }

    /// The text of line `index`.
    public func line(_ index: Int) -> String { String(decoding: lineBytes(index), as: UTF8.self) }

    /// Whether line `index` closes a container (`}` or `]`, possibly followed by a comma).
    public func isClosing(_ index: Int) -> Bool {
        let byte = source[source.startIndex + Int(starts[index])]
        return byte == UInt8(ascii: "}") || byte == UInt8(ascii: "]")
    }

    /// The line that holds byte `offset` of the source.
    public func line(containingOffset offset: Int) -> Int { ByteSearch.line(containing: offset, starts: starts) }

    /// The lines whose tokens contain `query` (ASCII letters compared without case), in order, at
    /// most `limit`. Whitespace between tokens is not part of the text searched.
    /// `startingIn` limits the search to matches that start at those byte offsets of the source,
    /// for a search run in slices.
    public func lines(containing query: String, startingIn range: Range<Int>? = nil, limit: Int = 10_000) -> [Int] {
        ByteSearch.lines(containing: query, in: source, startingIn: range ?? 0..<source.count, limit: limit, line: line(containingOffset:))
    }

    /// The line where the value at `path` starts, found on the index: siblings are skipped by
    /// their closing lines, so a lookup costs the siblings on the way, not the bytes. Nil when
    /// the path leads nowhere (`JSONLookup` says why).
    public func line(of path: JSONKeyPath) -> Int? {
        guard lineCount > 0 else { return nil }
        var line = 0
        for component in path.components {
            let close = Int(closingLine[line])
            guard close > line else { return nil }
            let isArray = lineBytes(line).last == UInt8(ascii: "[")
            let wanted = isArray ? Int(component) : nil
            if isArray && wanted == nil { return nil }
            var child = line + 1
            var position = 0
            var found: Int?
            while child < close {
                // Keys match byte for byte: Swift's `==` would take "é" (U+00E9) for "é" (e, U+0301).
                if isArray ? position == wanted : key(on: child)?.utf8.elementsEqual(component.utf8) == true {
                    found = child
                    break
                }
                position += 1
                let end = Int(closingLine[child])
                child = end > child ? end + 1 : child + 1
            }
            guard let found else { return nil }
            line = found
        }
        return line
    }

    /// The pretty lines of the value starting on `line`, indented from its own depth: the key and
    /// the separating comma are left out, as a converter would hand the value on. At most `limit` lines.
    public func valueLines(from line: Int, limit: Int) -> [String] {
        guard limit > 0 else { return [] }
        let close = Int(closingLine[line])
        let last = close > line ? close : line
        let base = depth(of: line) * indent
        var lines: [String] = []
        for index in line...min(last, line + limit - 1) {
            var bytes = Array(lineBytes(index).dropFirst(base))
            // Drop `"key": ` from the first line; the separator is found past the quoted key.
            if index == line, key(on: line) != nil, let colon = Self.separator(in: bytes) { bytes = Array(bytes[(colon + 2)...]) }
            if index == last, bytes.last == UInt8(ascii: ",") { bytes.removeLast() }
            lines.append(String(decoding: bytes, as: UTF8.self))
        }
        return lines
    }

    /// The offset of the `:` after a line's leading key.
    private static func separator(in bytes: [UInt8]) -> Int? {
        var index = 1
        var escaped = false
        while index < bytes.count {
            let byte = bytes[index]
            if escaped { escaped = false } else if byte == UInt8(ascii: "\\") { escaped = true } else if byte == UInt8(ascii: "\"") { break }
            index += 1
        }
        return index + 1 < bytes.count && bytes[index + 1] == UInt8(ascii: ":") ? index + 1 : nil
    }

    /// The key path of the value that starts on line `index` (a closing line belongs to its
    /// container): `data/items/0`. Walks up from sibling to sibling, jumping over containers from
    /// their closing line to their opener, so it costs the siblings on the way, not the lines.
    public func path(at index: Int) -> JSONKeyPath {
        guard starts.indices.contains(index) else { return JSONKeyPath(components: []) }
        var line = opener(ofClosing: index) ?? index
        var components: [String] = []
        while true {
            let level = depth(of: line)
            guard level > 0, let (parent, position) = container(of: line, level: level) else { break }
            if lineBytes(parent).last == UInt8(ascii: "[") {
                components.append(String(position))
            } else if let key = key(on: line) {
                components.append(key)
            }
            line = parent
        }
        return JSONKeyPath(components: components.reversed())
    }

    /// The line that opens the container `line` sits in, and how many siblings come before
    /// `line` in it (its index, in an array). Every line passed on the way up starts or ends a
    /// sibling at `level`; an ending one leads straight to where that sibling starts.
    @_optimize(speed)
    private func container(of line: Int, level: Int) -> (parent: Int, position: Int)? {
        var candidate = line - 1
        var position = 0
        while candidate >= 0 {
            if Int(depths[candidate]) < level { return (candidate, position) }
            candidate = opener(ofClosing: candidate) ?? candidate
            position += 1
            candidate -= 1
        }
        return nil
    }

    /// How many values the container opened on `line` holds (keys of an object, items of an
    /// array); nil when `line` opens nothing. Costs the children, not their lines.
    public func childCount(of line: Int) -> Int? {
        guard starts.indices.contains(line) else { return nil }
        let close = Int(closingLine[line])
        guard close > line else { return nil }
        var count = 0
        var child = line + 1
        while child < close {
            count += 1
            let end = Int(closingLine[child])
            child = end > child ? end + 1 : child + 1
        }
        return count
    }

    /// The line that opens the container closed on `line`; nil when `line` closes nothing.
    public func opener(ofClosing line: Int) -> Int? {
        let link = Int(closingLine[line])
        return link <= -2 ? -2 - link : nil
    }

    /// The decoded object key a line starts with, if it starts with one.
    private func key(on line: Int) -> String? {
        let bytes = lineBytes(line).drop { $0 == 0x20 }
        guard bytes.first == UInt8(ascii: "\"") else { return nil }
        var index = bytes.startIndex + 1
        var escaped = false
        while index < bytes.endIndex {
            let byte = bytes[index]
            if escaped { escaped = false } else if byte == UInt8(ascii: "\\") { escaped = true } else if byte == UInt8(ascii: "\"") { break }
            index += 1
        }
        guard index + 1 < bytes.endIndex, bytes[index + 1] == UInt8(ascii: ":") else { return nil }
        return JSONStringDecoding.decode(bytes[(bytes.startIndex + 1)..<index])
    }
}
