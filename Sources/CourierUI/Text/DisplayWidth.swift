/// How many terminal columns text takes: wide East Asian characters and emoji take 2, combining
/// marks and zero-width characters 0, everything printable 1. Measured per grapheme cluster,
/// because that is what a terminal draws in one cell or two.
public enum DisplayWidth {
    /// The columns one grapheme takes (0, 1 or 2).
    public static func of(_ character: Character) -> Int {
        var scalars = character.unicodeScalars.makeIterator()
        guard let first = scalars.next() else { return 0 }
        if first.value < 0x20 || (0x7F..<0xA0).contains(first.value) { return 0 }
        if isZeroWidth(first) { return 0 }
        if isWide(first) { return 2 }
        // An emoji variation selector or a zero-width joiner sequence makes an emoji wide.
        for scalar in character.unicodeScalars.dropFirst() where scalar.value == 0xFE0F || scalar.value == 0x200D {
            if first.properties.isEmoji { return 2 }
        }
        return 1
    }

    /// The columns a string takes.
    public static func of(_ text: some StringProtocol) -> Int {
        text.reduce(0) { $0 + of($1) }
    }

    static func isZeroWidth(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .format: return true
        default: return scalar.value == 0x200B || (0xFE00...0xFE0F).contains(scalar.value)
        }
    }

    static func isWide(_ scalar: Unicode.Scalar) -> Bool {
        if scalar.properties.isEmojiPresentation { return true }
        return wideRanges.contains { $0.contains(scalar.value) }
    }

    /// East Asian Wide and Fullwidth blocks (Unicode 15, condensed to blocks).
    private static let wideRanges: [ClosedRange<UInt32>] = [
        0x1100...0x115F, 0x2329...0x232A, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF,
        0xA000...0xA4CF, 0xA960...0xA97F, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE10...0xFE19, 0xFE30...0xFE6F,
        0xFF00...0xFF60, 0xFFE0...0xFFE6, 0x16FE0...0x18AFF, 0x1B000...0x1B2FF, 0x1F200...0x1F2FF,
        0x20000...0x2FFFD, 0x30000...0x3FFFD,
    ]
}

extension String {
    /// Text decoded from bytes that may not be UTF-8: invalid sequences become U+FFFD, never a crash.
    public init(lossyUTF8 bytes: some Collection<UInt8>) {
        self = String(decoding: bytes, as: UTF8.self)
    }
}

extension DisplayWidth {
    /// `text` broken into lines of at most `width` columns, at spaces where it can be and inside
    /// a word only when the word alone is wider.
    public static func wrap(_ text: String, width: Int) -> [String] {
        guard width > 0 else { return [text] }
        var lines: [String] = []
        var line = ""
        var lineWidth = 0
        for word in text.split(separator: " ", omittingEmptySubsequences: false) {
            let wordWidth = of(word)
            if lineWidth > 0, lineWidth + 1 + wordWidth > width {
                lines.append(line)
                line = ""
                lineWidth = 0
            }
            if lineWidth > 0 {
                line += " "
                lineWidth += 1
            }
            for character in word {
                let characterWidth = of(character)
                if lineWidth + characterWidth > width, lineWidth > 0 {
                    lines.append(line)
                    line = ""
                    lineWidth = 0
                }
                line.append(character)
                lineWidth += characterWidth
            }
        }
        lines.append(line)
        return lines
    }
}
