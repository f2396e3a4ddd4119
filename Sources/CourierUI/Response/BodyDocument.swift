import CourierJSON
import Foundation
import Synchronization

/// A response body prepared for the Body tab, off the UI thread: pretty JSON indexed by line,
/// text lines, or a hex summary of binary data, with a note that says how it is shown.
public struct BodyDocument: Sendable, Equatable {
    public enum Content: Sendable {
        case json(JSONPrettyDocument)
        case text(TextLines)
        /// A hex dump of the first bytes of a binary body.
        case hex([String])
    }

    public let content: Content
    /// The bytes as received, for key path lookups and copying.
    public let data: Data
    /// Why the body is shown as it is: "binary: …", "not valid UTF-8 …", "not valid JSON …".
    public let note: String?
    /// Whether the text is HTML or XML pretty-printed (`MarkupFormatter`), to be coloured as markup.
    public private(set) var isMarkup = false
    private let rawLines: LazyLines
    /// The last key path asked for: every frame draws the cursor's path, and at the end of a
    /// 100 MB body working it out takes milliseconds.
    private let lastPath = LastPath()

    /// Documents are the same when one `make` or `preview` call made them (comparing bodies byte
    /// for byte would cost what the index saves).
    public static func == (lhs: BodyDocument, rhs: BodyDocument) -> Bool { lhs.rawLines === rhs.rawLines }

    /// The body as received, by line, for the raw view; indexed the first time it is asked for,
    /// since a pretty JSON view may never need it.
    public var raw: TextLines { rawLines.value }

    /// Bodies above this are shown in two steps: a first screen from their start, then the whole.
    public static let previewThreshold = 4 << 20

    /// The first screen of a large JSON body, indexed from its first 256 KB in a millisecond or
    /// so; nil for bodies small enough to index at once, or that do not look like JSON.
    public static func preview(_ data: Data, contentType: String? = nil) -> BodyDocument? {
        guard data.count > previewThreshold, let first = data.first(where: { ![0x20, 0x0A, 0x0D, 0x09].contains($0) }),
              first == UInt8(ascii: "{") || first == UInt8(ascii: "[") else { return nil }
        let document = JSONPrettyDocument(prefixOf: data, length: 256 * 1024)
        // A body nested too deep to show ends its first screen early; the note says where, first,
        // since a narrow pane cuts what comes last.
        let stopped = document.problem.map { "the first screen stops at line \($0.line), column \($0.column): \($0.message); " } ?? ""
        return BodyDocument(content: .json(document), data: data,
                            note: stopped + "indexing \(ByteCount.text(data.count)) … the first lines show meanwhile")
    }

    /// Bytes of a binary body shown as hex.
    static let hexPreviewBytes = 4096

    public init(content: Content, data: Data, raw: TextLines? = nil, note: String?) {
        self.content = content
        self.data = data
        self.note = note
        rawLines = LazyLines(data, ready: raw)
    }

    /// Chooses how to show `data`: JSON when it parses (whatever the content type claims), text
    /// when it is UTF-8 without NUL bytes, otherwise a hex summary. Costs a pass or two over the
    /// bytes; lines are decoded only when shown.
    public static func make(_ data: Data, contentType: String? = nil) -> BodyDocument {
        guard !data.isEmpty else { return BodyDocument(content: .text(TextLines(data)), data: data, note: "empty body") }
        let type = contentType?.lowercased() ?? ""
        let looksBinary = data.prefix(8192).contains(0)
        if !looksBinary, let document = try? JSONPrettyDocument(data) {
            return BodyDocument(content: .json(document), data: data, note: nil)
        }
        let raw = TextLines(data)
        if looksBinary || (String(data: data.prefix(8192), encoding: .utf8) == nil && !type.hasPrefix("text/") && !type.contains("json")) {
            let lines = hexLines(data.prefix(hexPreviewBytes))
            let shown = min(data.count, hexPreviewBytes)
            let note = "binary: \(ByteCount.text(data.count))\(type.isEmpty ? "" : ", \(type)")"
                + (shown < data.count ? "; the first \(ByteCount.text(shown)) as hex" : "; as hex")
            return BodyDocument(content: .hex(lines), data: data, raw: raw, note: note)
        }
        if let markup = markup(data, type: type) { return markup }
        var note: String?
        if let offset = firstInvalidUTF8(data) {
            note = "not valid UTF-8 at byte \(offset); invalid bytes shown as �"
        } else if type.contains("json") {
            note = "not valid JSON (\(validationMessage(data))); shown as text"
        }
        return BodyDocument(content: .text(raw), data: data, raw: raw, note: note)
    }

    /// Bodies up to this size are pretty-printed as markup; larger ones show as text, at once.
    static let markupLimit = 8 << 20

    /// HTML or XML (by content type, or a body that opens like a document) pretty-printed; nil
    /// for anything else, or what holds no tags.
    private static func markup(_ data: Data, type: String) -> BodyDocument? {
        let start = data.prefix(64).drop { [0x20, 0x0A, 0x0D, 0x09].contains($0) }
        let opensLikeMarkup = ["<?xml", "<!doctype", "<html"].contains { String(decoding: start.prefix($0.utf8.count), as: UTF8.self).lowercased() == $0 }
        guard data.count <= markupLimit, type.contains("html") || type.contains("xml") || (type.isEmpty && opensLikeMarkup),
              let text = String(data: data, encoding: .utf8), let pretty = MarkupFormatter.format(text) else { return nil }
        var document = BodyDocument(content: .text(TextLines(Data(pretty.utf8))), data: data, note: nil)
        document.isMarkup = true
        return document
    }

    private static func validationMessage(_ data: Data) -> String {
        do {
            try JSONLookup.validate(data)
            return "valid"
        } catch {
            return error.description.replacingOccurrences(of: "invalid JSON ", with: "")
        }
    }

    /// `00000000  89 50 4e 47 …  |.PNG….|` lines, 16 bytes each.
    static func hexLines(_ data: Data) -> [String] {
        let bytes = [UInt8](data)
        return stride(from: 0, to: bytes.count, by: 16).map { offset in
            let chunk = bytes[offset..<min(offset + 16, bytes.count)]
            let hex = chunk.map { ($0 < 16 ? "0" : "") + String($0, radix: 16) }.joined(separator: " ")
            let ascii = String(chunk.map { $0 >= 0x20 && $0 < 0x7F ? Character(UnicodeScalar($0)) : "." })
            let address = String(offset, radix: 16)
            return String(repeating: "0", count: max(0, 8 - address.count)) + address + "  "
                + hex.padding(toLength: 47, withPad: " ", startingAt: 0) + "  |" + ascii + "|"
        }
    }

    /// The offset of the first byte that is not UTF-8, or nil when the whole body is.
    private static func firstInvalidUTF8(_ data: Data) -> Int? {
        // The standard library's validator runs word at a time and is built optimised; the scalar
        // parser below takes a minute over 8 MB in a debug build and stays only for older macOS.
        if #available(macOS 26, *) {
            do {
                _ = try UTF8Span(validating: data.span)
                return nil
            } catch {
                return error.byteOffsets.lowerBound
            }
        }
        var iterator = data.makeIterator()
        var parser = Unicode.UTF8.ForwardParser()
        var offset = 0
        while true {
            switch parser.parseScalar(from: &iterator) {
            case .valid(let scalar): offset += scalar.count
            case .error: return offset
            case .emptyInput: return nil
            }
        }
    }

    /// The key path of pretty line `line` of a JSON body; nil for other bodies.
    public func path(at line: Int) -> JSONKeyPath? {
        guard case .json(let document) = content, document.lineCount > 0 else { return nil }
        let line = min(max(0, line), document.lineCount - 1)
        if let known = lastPath.path(at: line) { return known }
        let path = document.path(at: line)
        lastPath.remember(path, at: line)
        return path
    }

    /// Lines in the pretty view.
    public var lineCount: Int {
        switch content {
        case .json(let document): return document.lineCount
        case .text(let lines): return lines.count
        case .hex(let lines): return lines.count
        }
    }

    /// Line `index` of the pretty view, at most `TextLines.maximumLineBytes` of it.
    public func line(_ index: Int) -> String {
        switch content {
        case .json(let document): return TextLines.clean(document.lineBytes(index, limit: TextLines.maximumLineBytes))
        case .text(let lines): return lines.line(index)
        case .hex(let lines): return lines[index]
        }
    }

    public var isJSON: Bool {
        if case .json = content { return true }
        return false
    }

    /// About how many bytes of memory the document holds: the body as received (mapped pages of a
    /// spooled one count too, being memory the system must find) and its line indexes.
    public var memoryCost: Int {
        let raw = rawLines.builtCount * MemoryLayout<Int>.stride
        switch content {
        // Each line's start (4 bytes), depth (2) and closing link (4): `JSONPrettyDocument`.
        case .json(let document): return data.count + document.lineCount * 10 + raw
        // The raw view's lines are these, but for markup, which holds its pretty text besides.
        case .text(let lines): return data.count + lines.count * MemoryLayout<Int>.stride + (isMarkup ? lines.data.count + raw : 0)
        case .hex(let lines): return data.count + lines.count * 80 + raw
        }
    }
}

/// Line offsets made on first use and kept.
/// The key path last worked out for a line of a document, shared by its copies.
final class LastPath: Sendable {
    private let last = Mutex<(line: Int, path: JSONKeyPath)?>(nil)

    func path(at line: Int) -> JSONKeyPath? { last.withLock { $0?.line == line ? $0?.path : nil } }

    func remember(_ path: JSONKeyPath, at line: Int) { last.withLock { $0 = (line, path) } }
}

final class LazyLines: Sendable {
    private let data: Data
    private let lines: Mutex<TextLines?>

    init(_ data: Data, ready: TextLines?) {
        self.data = data
        lines = Mutex(ready)
    }

    /// Lines indexed so far: none until the raw view first asks.
    var builtCount: Int { lines.withLock { $0?.count ?? 0 } }

    var value: TextLines {
        lines.withLock { lines in
            if let lines { return lines }
            let made = TextLines(data)
            lines = made
            return made
        }
    }
}

/// Lines of a body, found by their line breaks and decoded only when shown.
public struct TextLines: Sendable {
    public let data: Data
    /// Offset of each line's first byte.
    public let starts: [Int]

    /// A line longer than this is cut when shown (a minified body is one long line).
    public static let maximumLineBytes = 16_384

    public init(_ data: Data) {
        self.data = data
        var starts = [0]
        data.withUnsafeBytes { (bytes: UnsafeRawBufferPointer) in
            for index in 0..<bytes.count where bytes[index] == 0x0A { starts.append(index + 1) }
        }
        if data.isEmpty { starts = [] }
        self.starts = starts
    }

    public var count: Int { starts.count }

    public func line(_ index: Int) -> String {
        let start = data.startIndex + starts[index]
        var end = index + 1 < starts.count ? data.startIndex + starts[index + 1] - 1 : data.endIndex
        if end > start, data[end - 1] == 0x0D { end -= 1 }
        return Self.clean(data[start..<min(end, start + Self.maximumLineBytes)])
    }

    /// UTF-8 with invalid bytes as �, tabs as four spaces, control characters as their pictures.
    static func clean<Bytes: Collection>(_ bytes: Bytes) -> String where Bytes.Element == UInt8 {
        ControlPictures.printable(bytes, layout: .line)
    }
}
