/// The text of a JSON string, decoded from the bytes between its quotes, the one way every reader
/// here does it: the key on a viewer's line and the key a lookup compares must decode alike, or a
/// key path taken from a line would not lead back to it.
enum JSONStringDecoding {
    /// `raw` with its escapes replaced by what they stand for. A lone surrogate (`\ud800`) and
    /// bytes that are not UTF-8 become U+FFFD, as `String(decoding:as:)` does; an escape cut
    /// short (only in unvalidated bytes) is kept as written.
    static func decode<Bytes: Collection<UInt8>>(_ raw: Bytes) -> String {
        guard raw.contains(UInt8(ascii: "\\")) else { return String(decoding: raw, as: UTF8.self) }
        let bytes = Array(raw)
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count)
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            guard byte == UInt8(ascii: "\\"), index + 1 < bytes.count else {
                output.append(byte)
                index += 1
                continue
            }
            let escaped = bytes[index + 1]
            index += 2
            switch escaped {
            case UInt8(ascii: "b"): output.append(0x08)
            case UInt8(ascii: "f"): output.append(0x0C)
            case UInt8(ascii: "n"): output.append(0x0A)
            case UInt8(ascii: "r"): output.append(0x0D)
            case UInt8(ascii: "t"): output.append(0x09)
            case UInt8(ascii: "u"):
                guard let unit = codeUnit(bytes, at: index) else {
                    output += [UInt8(ascii: "\\"), escaped]
                    continue
                }
                index += 4
                var scalar = Unicode.Scalar(unit)
                // A high surrogate pairs with a low one written right after it.
                if (0xD800..<0xDC00).contains(unit), index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"),
                   bytes[index + 1] == UInt8(ascii: "u"), let low = codeUnit(bytes, at: index + 2), (0xDC00..<0xE000).contains(low) {
                    scalar = Unicode.Scalar(0x10000 + ((UInt32(unit) - 0xD800) << 10) + (UInt32(low) - 0xDC00))
                    index += 6
                }
                output += Array(String(scalar ?? "\u{FFFD}").utf8)
            default: output.append(escaped)
            }
        }
        return String(decoding: output, as: UTF8.self)
    }

    /// The four hex digits at `index` as a UTF-16 code unit.
    private static func codeUnit(_ bytes: [UInt8], at index: Int) -> UInt16? {
        guard index + 4 <= bytes.count else { return nil }
        var value: UInt16 = 0
        for byte in bytes[index..<(index + 4)] {
            guard let digit = hexValue(byte) else { return nil }
            value = value << 4 | UInt16(digit)
        }
        return value
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return byte - UInt8(ascii: "A") + 10
        default: return nil
        }
    }
}
