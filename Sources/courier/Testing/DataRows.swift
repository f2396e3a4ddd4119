import CourierCollections
import Foundation

/// The rows of `--data FILE`: a CSV file with a header line, or a JSON array of objects. Each row's
/// values become variables for one run of the selection.
enum DataRows {
    static func load(_ path: String) throws -> [[String: String]] {
        guard let data = FileManager.default.contents(atPath: path), let text = String(data: data, encoding: .utf8) else {
            throw CLIFailure.usage("--data cannot read \(path)")
        }
        if path.lowercased().hasSuffix(".json") { return try json(text, file: path) }
        return try csv(text, file: path)
    }

    /// A JSON array of objects; strings as they are, other values as JSON text.
    static func json(_ text: String, file: String) throws -> [[String: String]] {
        guard case .array(let items)? = try? JSONValue.parse(text) else {
            throw CLIFailure.usage("--data \(file) must hold a JSON array of objects")
        }
        return try items.enumerated().map { index, item in
            guard case .object(let pairs) = item else {
                throw CLIFailure.usage("--data \(file): element \(index) is not an object")
            }
            var row: [String: String] = [:]
            for (key, value) in pairs {
                if case .string(let text) = value { row[key] = text } else { row[key] = value.compactText }
            }
            return row
        }
    }

    /// CSV (RFC 4180): a header line of names, then one line per row; quoted fields may hold
    /// commas, `""` and line breaks.
    static func csv(_ text: String, file: String) throws -> [[String: String]] {
        var records: [[String]] = []
        var record: [String] = []
        var field = ""
        var quoted = false
        var characters = text.makeIterator()
        var pending = characters.next()
        while let character = pending {
            pending = characters.next()
            if quoted {
                if character == "\"" {
                    if pending == "\"" { field.append("\""); pending = characters.next() } else { quoted = false }
                } else {
                    field.append(character)
                }
                continue
            }
            switch character {
            case "\"" where field.isEmpty: quoted = true
            case ",": record.append(field); field = ""
            case "\n", "\r\n", "\r":
                record.append(field)
                field = ""
                if record != [""] { records.append(record) }
                record = []
            default: field.append(character)
            }
        }
        if !field.isEmpty || !record.isEmpty { records.append(record + [field]) }
        guard let header = records.first else { throw CLIFailure.usage("--data \(file) is empty; it needs a header line of names") }
        return try records.dropFirst().enumerated().map { index, values in
            guard values.count == header.count else {
                throw CLIFailure.usage("--data \(file):\(index + 2): \(values.count) fields where the header names \(header.count)")
            }
            return Dictionary(zip(header, values), uniquingKeysWith: { _, last in last })
        }
    }
}
