/// Double-quoted strings with backslash escapes, as JSON and YAML both write them; they differ
/// only in how other control characters are spelled (`\u0001` against `\x01`).
enum QuotedText {
    /// Control characters (C0, DEL and C1, which YAML does not allow as they are), the line
    /// breaks beyond `\n` and `\r` (U+2028, U+2029) and the non-characters U+FFFE and U+FFFF:
    /// written escaped, never as they are, so no reader sees a line end in the middle of a value
    /// or refuses the file.
    static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) || scalar.value == 0x2028 || scalar.value == 0x2029
            || scalar.value == 0xFFFE || scalar.value == 0xFFFF
    }

    static func quote(_ text: String, controlPrefix: String, digits: Int) -> String {
        quote(text) { scalar in
            let hex = String(scalar.value, radix: 16)
            return scalar.value > 0xFF ? "\\u" + hex.leftPadded(to: 4) : controlPrefix + hex.leftPadded(to: digits)
        }
    }

    /// `text` quoted with the common escapes, other control characters spelled by `control`.
    static func quote(_ text: String, control: (Unicode.Scalar) -> String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case _ where isControl(scalar): out += control(scalar)
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }
}

extension String {
    /// The string with zeros in front, `count` characters long at least.
    func leftPadded(to count: Int) -> String { String(repeating: "0", count: max(0, count - self.count)) + self }
}
