import CourierUI

/// SGR mouse reports (mode 1006): `ESC [ < b ; x ; y M` for a press, `m` for a release, with
/// 1-based cells and no limit on the column, unlike X10's one byte per coordinate.
enum MouseReport {
    /// Whether `bytes` (starting with ESC) are an SGR mouse report rather than a key.
    static func isReport(_ bytes: [UInt8]) -> Bool {
        bytes.count >= 3 && bytes[0] == EscapeSequence.escape && bytes[1] == UInt8(ascii: "[") && bytes[2] == UInt8(ascii: "<")
    }

    /// The click or wheel turn the report describes; nil for releases, drags, other buttons and
    /// malformed reports, which the explorer has no use for.
    static func decode(_ bytes: [UInt8]) -> MouseEvent? {
        guard isReport(bytes), let final = bytes.last, final == UInt8(ascii: "M") else { return nil }
        let fields = bytes[3..<(bytes.count - 1)].split(separator: UInt8(ascii: ";"), omittingEmptySubsequences: false)
            .map { Int(String(decoding: $0, as: UTF8.self)) }
        guard fields.count == 3, let button = fields[0], let column = fields[1], let row = fields[2], column >= 1, row >= 1 else {
            return nil
        }
        // The low bits and 64 name the button; 4, 8 and 16 are Shift, Alt and Ctrl, which a click ignores.
        let kind: MouseEvent.Kind
        switch button & ~(4 | 8 | 16) {
        case 0: kind = .press
        case 64: kind = .wheelUp
        case 65: kind = .wheelDown
        default: return nil
        }
        return MouseEvent(kind: kind, row: row - 1, column: column - 1)
    }
}
