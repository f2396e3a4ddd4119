/// Double-quoted strings with backslash escapes, as JSON and YAML both write them; they differ
/// only in how other control characters are spelled (`\u0001` against `\x01`).
enum QuotedText {
    static func quote(_ text: String, controlPrefix: String, digits: Int) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case _ where scalar.value < 0x20 || scalar.value == 0x7F:
                let hex = String(scalar.value, radix: 16)
                out += controlPrefix + String(repeating: "0", count: digits - hex.count) + hex
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }
}
