import CourierJSON
import Foundation

/// A response body prepared for the Body tab, off the UI thread: pretty JSON indexed by line,
/// text lines, or a hex summary of binary data, with a note that says how it is shown.
public struct BodyDocument: Sendable {
    public enum Content: Sendable {
        case json(JSONPrettyDocument)
        case lines([String])
    }

    public let content: Content
    /// The body as received, split into lines, for the raw view.
    public let rawLines: [String]
    /// Why the body is shown as it is: "binary: …", "not valid UTF-8 …", "not valid JSON …".
    public let note: String?
    /// The bytes as received, for key path lookups and copying.
    public let data: Data

    /// Bytes of a binary body shown as hex.
    static let hexPreviewBytes = 4096

    public init(content: Content, rawLines: [String], note: String?, data: Data) {
        self.content = content
        self.rawLines = rawLines
        self.note = note
        self.data = data
    }

    /// Chooses how to show `data`: JSON when it parses (whatever the content type claims), text
    /// when it is UTF-8 without NUL bytes, otherwise a hex summary.
    public static func make(_ data: Data, contentType: String? = nil) -> BodyDocument {
        guard !data.isEmpty else { return BodyDocument(content: .lines([]), rawLines: [], note: "empty body", data: data) }
        let type = contentType?.lowercased() ?? ""
        let looksBinary = data.prefix(8192).contains(0)
        if !looksBinary, let document = try? JSONPrettyDocument(data) {
            return BodyDocument(content: .json(document), rawLines: textLines(data), note: nil, data: data)
        }
        if looksBinary || (String(data: data.prefix(8192), encoding: .utf8) == nil && !type.hasPrefix("text/") && !type.contains("json")) {
            let lines = hexLines(data.prefix(hexPreviewBytes))
            let shown = min(data.count, hexPreviewBytes)
            let note = "binary: \(ByteCount.text(data.count))\(type.isEmpty ? "" : ", \(type)")"
                + (shown < data.count ? "; the first \(ByteCount.text(shown)) as hex" : "; as hex")
            return BodyDocument(content: .lines(lines), rawLines: lines, note: note, data: data)
        }
        let lines = textLines(data)
        var note: String?
        if String(data: data, encoding: .utf8) == nil {
            note = "not valid UTF-8 at byte \(firstInvalidUTF8(data) ?? 0); invalid bytes shown as �"
        } else if type.contains("json") {
            let problem = (try? JSONLookup.validate(data)).map { "" } ?? validationMessage(data)
            note = "not valid JSON (\(problem)); shown as text"
        }
        return BodyDocument(content: .lines(lines), rawLines: lines, note: note, data: data)
    }

    private static func validationMessage(_ data: Data) -> String {
        do {
            try JSONLookup.validate(data)
            return "valid"
        } catch {
            return error.description.replacingOccurrences(of: "invalid JSON ", with: "")
        }
    }

    /// Text lines; tabs expand to spaces and other control characters show as their Unicode
    /// pictures, so nothing in a body can move the terminal's cursor.
    static func textLines(_ data: Data) -> [String] {
        let text = String(decoding: data, as: UTF8.self)
        return text.split(separator: "\n", omittingEmptySubsequences: false).map { line in
            var clean = ""
            clean.reserveCapacity(line.utf8.count)
            for scalar in line.unicodeScalars {
                switch scalar.value {
                case 0x09: clean += "    "
                case 0x0D: continue
                case 0x00..<0x20: clean.unicodeScalars.append(Unicode.Scalar(0x2400 + scalar.value) ?? "?")
                case 0x7F: clean += "␡"
                default: clean.unicodeScalars.append(scalar)
                }
            }
            return clean
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

    private static func firstInvalidUTF8(_ data: Data) -> Int? {
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

    /// Lines in the current view.
    public var lineCount: Int {
        switch content {
        case .json(let document): return document.lineCount
        case .lines(let lines): return lines.count
        }
    }

    public func line(_ index: Int) -> String {
        switch content {
        case .json(let document): return document.line(index)
        case .lines(let lines): return lines[index]
        }
    }

    public var isJSON: Bool {
        if case .json = content { return true }
        return false
    }
}

/// Sizes as people read them: 512 B, 1.2 KB, 17.8 MB.
public enum ByteCount {
    public static func text(_ bytes: Int) -> String { text(Int64(bytes)) }

    public static func text(_ bytes: Int64) -> String {
        if bytes < 1000 { return "\(bytes) B" }
        let units = ["KB", "MB", "GB", "TB"]
        var value = Double(bytes) / 1000
        var unit = 0
        while value >= 1000 && unit < units.count - 1 {
            value /= 1000
            unit += 1
        }
        return String(format: value < 10 ? "%.1f" : "%.0f", value) + " " + units[unit]
    }
}
