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

    /// Cleans text that arrives in pieces (a body printed as it is read), holding back the end of a
    /// piece that cannot be judged yet: a UTF-8 sequence split between pieces, or a CR whose LF may
    /// come next. Only one piece is held at a time.
    public struct Pieces: Sendable {
        private let layout: Layout
        private var carry: [UInt8] = []

        public init(layout: Layout) {
            self.layout = layout
        }

        /// The clean text of `piece` and what was held back before it, less what must wait.
        public mutating func clean<Bytes: Collection>(_ piece: Bytes) -> String where Bytes.Element == UInt8 {
            carry.append(contentsOf: piece)
            let cut = Self.completeLength(of: carry)
            let text = ControlPictures.printable(carry[..<cut], layout: layout)
            carry.removeFirst(cut)
            return text
        }

        /// What is still held back; an unfinished sequence at the very end is invalid UTF-8 then.
        public mutating func finish() -> String {
            defer { carry = [] }
            return carry.isEmpty ? "" : ControlPictures.printable(carry, layout: layout)
        }

        /// How much of `bytes` can be judged now: all but a trailing CR or an unfinished UTF-8 sequence.
        static func completeLength(of bytes: [UInt8]) -> Int {
            let end = bytes.count
            if end > 0, bytes[end - 1] == 0x0D { return end - 1 }
            // The last sequence's lead byte is among the final four.
            var lead = end - 1
            while lead >= 0, lead > end - 4, bytes[lead] & 0xC0 == 0x80 { lead -= 1 }
            guard lead >= 0 else { return end }
            let length = bytes[lead] >= 0xF0 ? 4 : bytes[lead] >= 0xE0 ? 3 : bytes[lead] >= 0xC0 ? 2 : 1
            return lead + length > end ? lead : end
        }
    }
}
