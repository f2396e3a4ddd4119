import CourierJSON
import Foundation

extension JSONValue {
    /// Parses JSON text, keeping object keys in order and numbers as written.
    /// - Throws: `JSONError` with the line and column of the first problem.
    public static func parse(_ text: String) throws -> JSONValue {
        let data = Data(text.utf8)
        try JSONLookup.validate(data)
        var parser = JSONValueParser(bytes: Array(data))
        return try parser.value()
    }
}

/// Recursive descent over already validated JSON.
private struct JSONValueParser {
    let bytes: [UInt8]
    var index = 0

    mutating func skipSpace() {
        while index < bytes.count, [0x20, 0x0A, 0x0D, 0x09].contains(bytes[index]) { index += 1 }
    }

    mutating func value() throws -> JSONValue {
        skipSpace()
        switch bytes[index] {
        case UInt8(ascii: "{"):
            index += 1
            var pairs: [(String, JSONValue)] = []
            skipSpace()
            if bytes[index] == UInt8(ascii: "}") { index += 1; return .object(pairs) }
            while true {
                skipSpace()
                let key = try string()
                skipSpace()
                index += 1  // ':'
                pairs.append((key, try value()))
                skipSpace()
                let separator = bytes[index]
                index += 1
                if separator == UInt8(ascii: "}") { return .object(pairs) }
            }
        case UInt8(ascii: "["):
            index += 1
            var items: [JSONValue] = []
            skipSpace()
            if bytes[index] == UInt8(ascii: "]") { index += 1; return .array(items) }
            while true {
                items.append(try value())
                skipSpace()
                let separator = bytes[index]
                index += 1
                if separator == UInt8(ascii: "]") { return .array(items) }
            }
        case UInt8(ascii: "\""): return .string(try string())
        case UInt8(ascii: "t"): index += 4; return .bool(true)
        case UInt8(ascii: "f"): index += 5; return .bool(false)
        case UInt8(ascii: "n"): index += 4; return .null
        default:
            let start = index
            while index < bytes.count, "+-.0123456789eE".utf8.contains(bytes[index]) { index += 1 }
            return .number(String(decoding: bytes[start..<index], as: UTF8.self))
        }
    }

    /// A string token, escapes decoded by JSONDecoder (validated input, so this cannot fail in practice).
    mutating func string() throws -> String {
        let start = index
        index += 1
        while bytes[index] != UInt8(ascii: "\"") { index += bytes[index] == UInt8(ascii: "\\") ? 2 : 1 }
        index += 1
        return try JSONDecoder().decode(String.self, from: Data(bytes[start..<index]))
    }
}
