import Foundation

/// Pretty-prints JSON in one pass over the bytes, keeping key order and number spelling.
public enum JSONFormatter {
    /// `data` indented by `indent` spaces per level.
    /// - Throws: `JSONError` when `data` is not valid JSON (checked first, so the output is never half-formatted).
    public static func pretty(_ data: Data, indent: Int = 2) throws(JSONError) -> Data {
        var output = Data()
        output.reserveCapacity(data.count + data.count / 2)
        try pretty(data, indent: indent) { output.append(contentsOf: $0) }
        return output
    }

    /// `data` indented by `indent` spaces per level, handed to `write` in pieces of about 64 KB as
    /// it is made, so a large body is printed without its pretty text ever being whole in memory.
    /// - Throws: `JSONError` when `data` is not valid JSON, before anything is written.
    /// Optimized even in debug builds, like the scanner's loops.
    @_optimize(speed)
    public static func pretty(_ data: Data, indent: Int = 2, into write: (ArraySlice<UInt8>) -> Void) throws(JSONError) {
        try JSONLookup.validate(data)
        let pieceSize = 1 << 16
        var output = [UInt8]()
        output.reserveCapacity(pieceSize + 1024)
        var depth = 0
        var inString = false
        var escaped = false
        // A line break and the indentation after it, grown as the nesting deepens: appending a
        // slice of it is a copy, where appending repeated spaces goes element by element.
        var padding: [UInt8] = [0x0A]
        func newline() {
            let length = 1 + depth * indent
            if padding.count < length { padding += [UInt8](repeating: 0x20, count: length - padding.count) }
            output.append(contentsOf: padding[..<length])
        }
        data.withUnsafeBytes { (bytes: UnsafeRawBufferPointer) in
            var index = 0
            while index < bytes.count {
                if output.count >= pieceSize {
                    write(output[...])
                    output.removeAll(keepingCapacity: true)
                }
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
        }
        if !output.isEmpty { write(output[...]) }
    }
}
