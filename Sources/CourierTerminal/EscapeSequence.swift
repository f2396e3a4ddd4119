import CourierUI

/// The keys terminals send as escape sequences, in every common encoding, whatever `TERM` says.
///
/// ncurses only knows the sequences of the terminfo entry `TERM` names, and `TERM` is often wrong:
/// inside tmux with `TERM=xterm-256color`, End arrives as vt220's `ESC [ 4 ~` where xterm's entry
/// expects `ESC O F`, and ncurses hands over a bare Esc. Whatever ncurses leaves undecoded comes
/// here: xterm (`ESC [ H`, `ESC O H`, `ESC [ 1 ; 5 H`), vt220 and screen/tmux (`ESC [ 1 ~` …
/// `ESC [ 24 ~`), rxvt (`ESC [ 7 ~`, `ESC [ 2 $`, `ESC O a`) and the Linux console (`ESC [ [ A`).
enum EscapeSequence {
    static let escape: UInt8 = 0x1B

    /// The key `bytes` (starting with ESC) encode; nil when they encode no key Courier knows.
    static func decode(_ bytes: [UInt8]) -> Key? {
        guard bytes.count >= 3, bytes[0] == escape, let final = bytes.last else { return nil }
        let body = Array(bytes[2..<(bytes.count - 1)])
        switch bytes[1] {
        case UInt8(ascii: "["):
            if body == [UInt8(ascii: "[")] { return linuxConsole[final] }
            return controlSequence(parameters: body, final: final)
        case UInt8(ascii: "O"):
            // SS3, with an optional modifier digit (`ESC O 2 P`) that does not change the key.
            guard body.allSatisfy(isDigit) else { return nil }
            return singleShift[final]
        default:
            return nil
        }
    }

    /// Whether `bytes` (starting with ESC) are a whole sequence, so reading can stop: SS3 and the
    /// Linux console's `ESC [ [` take one more byte, other CSI sequences end at a letter, `~`, `$`, `^` or `@`.
    static func isComplete(_ bytes: [UInt8]) -> Bool {
        guard bytes.count >= 3, bytes[0] == escape, let last = bytes.last else { return false }
        switch bytes[1] {
        case UInt8(ascii: "O"): return !isDigit(last)
        case UInt8(ascii: "["):
            if bytes.count == 3 && last == UInt8(ascii: "[") { return false }
            return isFinal(last)
        default: return true
        }
    }

    /// The most bytes a sequence takes: an SGR mouse report on a large terminal (`ESC [ < 6 5 ; 1 2 3 4 ; 5 6 7 M`).
    static let longest = 20

    private static func controlSequence(parameters: [UInt8], final: UInt8) -> Key? {
        let fields = parameters.split(separator: UInt8(ascii: ";"), omittingEmptySubsequences: false)
            .map { Int(String(decoding: $0, as: UTF8.self)) }
        guard fields.allSatisfy({ $0 != nil }) || parameters.isEmpty else { return nil }
        let numbers = fields.compactMap { $0 }
        switch final {
        case UInt8(ascii: "~"), UInt8(ascii: "$"), UInt8(ascii: "^"), UInt8(ascii: "@"):
            // vt220/rxvt: the number names the key; `$` `^` `@` (rxvt) and `;N` (xterm) only add modifiers.
            return numbers.first.flatMap { tilde[$0] }
        default:
            guard let key = letter[final] else { return nil }
            // `ESC [ 1 ; 2 A`: Shift plus an arrow selects; other modifiers keep the plain key.
            if numbers.count == 2, numbers[1] == 2, let shifted = shifted[key] { return shifted }
            return key
        }
    }

    private static func isDigit(_ byte: UInt8) -> Bool { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) }

    private static func isFinal(_ byte: UInt8) -> Bool {
        (0x40...0x7E).contains(byte) || byte == UInt8(ascii: "$")
    }

    /// `ESC [ N ~`: vt220, screen and tmux (1 Home, 4 End), rxvt (7 Home, 8 End, 11–14 F1–F4).
    private static let tilde: [Int: Key] = [
        1: .home, 2: .insert, 3: .delete, 4: .end, 5: .pageUp, 6: .pageDown, 7: .home, 8: .end,
        11: .function(1), 12: .function(2), 13: .function(3), 14: .function(4), 15: .function(5),
        17: .function(6), 18: .function(7), 19: .function(8), 20: .function(9), 21: .function(10),
        23: .function(11), 24: .function(12), 25: .function(13), 26: .function(14), 28: .function(15),
        29: .function(16), 31: .function(17), 32: .function(18), 33: .function(19), 34: .function(20),
    ]

    /// `ESC [ X` and `ESC [ 1 ; M X`: xterm's cursor keys, Home and End, F1–F4, and rxvt's shifted arrows.
    private static let letter: [UInt8: Key] = [
        UInt8(ascii: "A"): .up, UInt8(ascii: "B"): .down, UInt8(ascii: "C"): .right, UInt8(ascii: "D"): .left,
        UInt8(ascii: "H"): .home, UInt8(ascii: "F"): .end, UInt8(ascii: "Z"): .backTab,
        UInt8(ascii: "P"): .function(1), UInt8(ascii: "Q"): .function(2), UInt8(ascii: "R"): .function(3), UInt8(ascii: "S"): .function(4),
        UInt8(ascii: "a"): .shiftUp, UInt8(ascii: "b"): .shiftDown, UInt8(ascii: "c"): .shiftRight, UInt8(ascii: "d"): .shiftLeft,
    ]

    /// `ESC O X`: xterm's application mode (cursor keys, Home, End, F1–F4, keypad Enter) and rxvt's Ctrl-arrows.
    private static let singleShift: [UInt8: Key] = [
        UInt8(ascii: "A"): .up, UInt8(ascii: "B"): .down, UInt8(ascii: "C"): .right, UInt8(ascii: "D"): .left,
        UInt8(ascii: "H"): .home, UInt8(ascii: "F"): .end, UInt8(ascii: "M"): .enter,
        UInt8(ascii: "P"): .function(1), UInt8(ascii: "Q"): .function(2), UInt8(ascii: "R"): .function(3), UInt8(ascii: "S"): .function(4),
        UInt8(ascii: "a"): .up, UInt8(ascii: "b"): .down, UInt8(ascii: "c"): .right, UInt8(ascii: "d"): .left,
    ]

    /// `ESC [ [ X`: the Linux console's F1–F5.
    private static let linuxConsole: [UInt8: Key] = [
        UInt8(ascii: "A"): .function(1), UInt8(ascii: "B"): .function(2), UInt8(ascii: "C"): .function(3),
        UInt8(ascii: "D"): .function(4), UInt8(ascii: "E"): .function(5),
    ]

    private static let shifted: [Key: Key] = [.up: .shiftUp, .down: .shiftDown, .left: .shiftLeft, .right: .shiftRight]
}
