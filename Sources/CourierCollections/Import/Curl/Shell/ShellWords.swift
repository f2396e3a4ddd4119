/// Splits a command line the way a POSIX shell (bash for `$'…'`) would: quotes, escapes and
/// backslash-newline continuations. No expansion of variables or globs happens. It reads Unicode
/// scalars, as the shell reads bytes: read as Characters, a quote or backslash followed by a
/// combining mark would fuse into one character that is neither.
public enum ShellWords {
    public struct ParseError: Error, Sendable, CustomStringConvertible {
        public let description: String
    }

    public static func split(_ line: String) throws(ParseError) -> [String] {
        var words: [String] = []
        var current = ""
        var inWord = false
        let characters = Array(line.unicodeScalars)
        var index = 0
        func next() -> Unicode.Scalar? {
            guard index < characters.count else { return nil }
            defer { index += 1 }
            return characters[index]
        }
        while let character = next() {
            switch character {
            case " ", "\t", "\n", "\r":
                if inWord { words.append(current); current = ""; inWord = false }
            case "\\":
                guard let escaped = next() else { current.append("\\"); inWord = true; continue }
                // A line continuation, also as CR LF (a command copied on Windows).
                if escaped == "\n" { continue }
                if escaped == "\r", index < characters.count, characters[index] == "\n" { index += 1; continue }
                current.unicodeScalars.append(escaped)
                inWord = true
            case "'":
                inWord = true
                let start = index
                var closed = false
                while let inner = next() {
                    if inner == "'" { closed = true; break }
                    current.unicodeScalars.append(inner)
                }
                if !closed { throw ParseError(description: "a single quote opened at character \(start) is never closed") }
            case "\"":
                inWord = true
                let start = index
                var closed = false
                while let inner = next() {
                    if inner == "\"" { closed = true; break }
                    if inner == "\\", let escaped = next() {
                        switch escaped {
                        case "\"", "\\", "$", "`": current.unicodeScalars.append(escaped)
                        case "\n": break
                        default: current.append("\\"); current.unicodeScalars.append(escaped)
                        }
                    } else {
                        current.unicodeScalars.append(inner)
                    }
                }
                if !closed { throw ParseError(description: "a double quote opened at character \(start) is never closed") }
            case "$" where index < characters.count && characters[index] == "'":
                index += 1
                inWord = true
                current += try ansiC(characters, &index)
            default:
                current.unicodeScalars.append(character)
                inWord = true
            }
        }
        if inWord { words.append(current) }
        return words
    }

    /// Reads the body of `$'…'` up to its closing quote, decoding C escapes.
    static func ansiC(_ characters: [Unicode.Scalar], _ index: inout Int) throws(ParseError) -> String {
        let start = index
        var bytes: [UInt8] = []
        func appendText(_ scalar: Unicode.Scalar) { bytes += Array(String(scalar).utf8) }
        while index < characters.count {
            let character = characters[index]
            index += 1
            if character == "'" { return String(decoding: bytes, as: UTF8.self) }
            guard character == "\\", index < characters.count else { appendText(character); continue }
            let escaped = characters[index]
            index += 1
            switch escaped {
            case "n": bytes.append(0x0A)
            case "t": bytes.append(0x09)
            case "r": bytes.append(0x0D)
            case "e", "E": bytes.append(0x1B)
            case "a": bytes.append(0x07)
            case "b": bytes.append(0x08)
            case "f": bytes.append(0x0C)
            case "v": bytes.append(0x0B)
            case "x":
                var hex = ""
                while hex.count < 2, index < characters.count, characters[index].properties.isASCIIHexDigit { hex.unicodeScalars.append(characters[index]); index += 1 }
                bytes.append(UInt8(hex, radix: 16) ?? 0)
            case "u", "U":
                var hex = ""
                let limit = escaped == "u" ? 4 : 8
                while hex.count < limit, index < characters.count, characters[index].properties.isASCIIHexDigit { hex.unicodeScalars.append(characters[index]); index += 1 }
                if let value = UInt32(hex, radix: 16), let scalar = Unicode.Scalar(value) { appendText(scalar) }
            case "0"..."7":
                var octal = String(escaped)
                while octal.count < 3, index < characters.count, ("0"..."7").contains(characters[index]) { octal.unicodeScalars.append(characters[index]); index += 1 }
                bytes.append(UInt8(truncatingIfNeeded: Int(octal, radix: 8) ?? 0))
            default: appendText(escaped)
            }
        }
        throw ParseError(description: "a $' quote opened at character \(start) is never closed")
    }
}
