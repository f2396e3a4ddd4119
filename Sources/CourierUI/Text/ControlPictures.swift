/// Text from a server made safe to show on a terminal: a control character could retitle the
/// window, clear the screen, ring the bell or ask the terminal to answer into the user's input, so
/// each one is drawn as its Unicode control picture (`␛`, `␇`, `␡`) and invalid UTF-8 as `�`.
/// The explorer's body lines and the command line's terminal output share this one rule.
public enum ControlPictures {
    /// What happens to the characters that lay text out.
    public enum Layout: Sendable {
        /// One line of a pane: a tab becomes four spaces and every line break is a picture.
        case line
        /// Text printed as it is: tabs and line feeds stay, and so does a carriage return that
        /// ends a line (CRLF); a lone carriage return, which would overwrite the line, is a picture.
        case text
    }

    /// `bytes` as UTF-8 (invalid sequences as `�`) with control characters as pictures.
    public static func printable<Bytes: Collection>(_ bytes: Bytes, layout: Layout) -> String where Bytes.Element == UInt8 {
        clean(String(decoding: bytes, as: UTF8.self), layout: layout)
    }

    /// `text` with its control characters as pictures; C1 controls (U+0080–U+009F, which some
    /// terminals obey as escape sequences) become `�`.
    public static func clean(_ text: String, layout: Layout) -> String {
        guard text.unicodeScalars.contains(where: { needsPicture($0, layout: layout) }) else { return text }
        var clean = ""
        clean.reserveCapacity(text.utf8.count)
        let scalars = Array(text.unicodeScalars)
        for (index, scalar) in scalars.enumerated() {
            switch (scalar.value, layout) {
            case (0x09, .line): clean += "    "
            case (0x09, .text), (0x0A, .text): clean.unicodeScalars.append(scalar)
            case (0x0D, .text) where index + 1 < scalars.count && scalars[index + 1] == "\n": clean.unicodeScalars.append(scalar)
            case (0x00..<0x20, _): clean.unicodeScalars.append(Unicode.Scalar(0x2400 + scalar.value) ?? "?")
            case (0x7F, _): clean += "␡"
            case (0x80...0x9F, _): clean += "\u{FFFD}"
            default: clean.unicodeScalars.append(scalar)
            }
        }
        return clean
    }

    /// Whether `text` has anything `clean(_:layout:)` would change (invalid UTF-8 aside).
    private static func needsPicture(_ scalar: Unicode.Scalar, layout: Layout) -> Bool {
        switch scalar.value {
        case 0x09, 0x0A, 0x0D: return layout == .line || scalar.value == 0x0D
        case 0x00..<0x20, 0x7F...0x9F: return true
        default: return false
        }
    }
}
