import Foundation

/// Pretty-prints JSON in one pass over the bytes, keeping key order and number spelling.
public enum JSONFormatter {
    /// `data` indented by `indent` spaces per level.
    /// - Throws: `JSONError` when `data` is not valid JSON (checked first, so the output is never half-formatted).
    public static func pretty(_ data: Data, indent: Int = 2) throws(JSONError) -> Data {
        try JSONLookup.validate(data)
        var output = [UInt8]()
        output.reserveCapacity(data.count + data.count / 2)
        var depth = 0
        var inString = false
        var escaped = false
        let bytes = [UInt8](data)
        var index = 0
        func newline() {
            output.append(0x0A)
            output.append(contentsOf: repeatElement(0x20, count: depth * indent))
        }
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
                // Keep empty containers as {} and [].
                var next = index
                while next < bytes.count, [0x20, 0x0A, 0x0D, 0x09].contains(bytes[next]) { next += 1 }
                if next < bytes.count, bytes[next] == byte + 2 {
                    output.append(bytes[next])
                    index = next + 1
                } else {
                    depth += 1
                    newline()
                }
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                depth -= 1
                newline()
                output.append(byte)
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
        return Data(output)
    }
}
