import CNcurses
import CourierUI

/// Turns what `wget_wch` returns into events: special keys, Ctrl and Alt combinations, bracketed
/// paste and mouse.
enum KeyDecoder {
    static func read() -> TerminalEvent? {
        var character: wint_t = 0
        let status = wget_wch(courier_stdscr(), &character)
        if status == KEY_CODE_YES { return special(Int32(character)) }
        guard status == OK else { return nil }
        return plain(UInt32(character))
    }

    private static func special(_ code: Int32) -> TerminalEvent? {
        switch code {
        case KEY_UP: return .key(.up)
        case KEY_DOWN: return .key(.down)
        case KEY_LEFT: return .key(.left)
        case KEY_RIGHT: return .key(.right)
        case KEY_SR: return .key(.shiftUp)
        case KEY_SF: return .key(.shiftDown)
        case KEY_SLEFT: return .key(.shiftLeft)
        case KEY_SRIGHT: return .key(.shiftRight)
        // vt220's terminfo calls Home and End "find" and "select".
        case KEY_HOME, KEY_FIND: return .key(.home)
        case KEY_END, KEY_SELECT: return .key(.end)
        case KEY_PPAGE: return .key(.pageUp)
        case KEY_NPAGE: return .key(.pageDown)
        case KEY_BACKSPACE: return .key(.backspace)
        case KEY_DC: return .key(.delete)
        case KEY_IC: return .key(.insert)
        case KEY_BTAB: return .key(.backTab)
        case KEY_ENTER: return .key(.enter)
        case KEY_RESIZE: return .resize(width: Int(courier_cols()), height: Int(courier_lines()))
        case KEY_MOUSE: return mouse()
        default:
            for number in 1...24 where code == courier_key_f(Int32(number)) { return .key(.function(number)) }
            return nil
        }
    }

    private static func plain(_ value: UInt32) -> TerminalEvent? {
        switch value {
        case 27: return escape()
        case 13, 10: return .key(.enter)
        case 9: return .key(.tab)
        case 127, 8: return .key(.backspace)
        case 1...26: return .key(.ctrl(Character(Unicode.Scalar(value + 96) ?? "?")))
        default:
            guard let scalar = Unicode.Scalar(value) else { return nil }
            return .key(.character(Character(scalar)))
        }
    }

    /// Esc alone, Alt plus a key, a key ncurses did not decode (`EscapeSequence`), an SGR mouse
    /// report (`MouseReport`), or the start of a bracketed paste (`ESC [200~ … ESC [201~`).
    private static func escape() -> TerminalEvent? {
        nodelay(courier_stdscr(), true)
        defer { nodelay(courier_stdscr(), false) }
        var next: wint_t = 0
        guard wget_wch(courier_stdscr(), &next) == OK else { return .key(.escape) }
        guard next == 91 || next == 79 else {  // not "[" or "O": Alt plus a key
            // Esc followed by a control key is two key presses typed quickly, not one chord.
            if next < 32 || next == 127 {
                unget_wch(wchar_t(bitPattern: UInt32(next)))
                return .key(.escape)
            }
            guard let scalar = Unicode.Scalar(UInt32(next)) else { return .key(.escape) }
            return .key(.alt(Character(scalar)))
        }
        var bytes: [UInt8] = [EscapeSequence.escape, UInt8(next)]
        while bytes.count < EscapeSequence.longest, !EscapeSequence.isComplete(bytes), wget_wch(courier_stdscr(), &next) == OK {
            // Sequences are ASCII; anything else ends one that was not a sequence after all.
            guard next < 128 else {
                unget_wch(wchar_t(bitPattern: UInt32(next)))
                break
            }
            bytes.append(UInt8(next))
        }
        if bytes == Array("\u{1B}[200~".utf8) { return paste() }
        if MouseReport.isReport(bytes) { return MouseReport.decode(bytes).map(TerminalEvent.mouse) }
        // `ESC O` alone is Alt-O typed, not the start of a sequence.
        if bytes == [EscapeSequence.escape, 79] { return .key(.alt("O")) }
        return EscapeSequence.decode(bytes).map(TerminalEvent.key) ?? .key(.escape)
    }

    private static func paste() -> TerminalEvent {
        var text = ""
        var next: wint_t = 0
        // The pasted text is already in the input buffer; read it with a short timeout per character.
        wtimeout(courier_stdscr(), 100)
        while wget_wch(courier_stdscr(), &next) == OK, let scalar = Unicode.Scalar(UInt32(next)) {
            text.unicodeScalars.append(scalar)
            if text.hasSuffix("\u{1B}[201~") {
                text.removeLast(6)
                break
            }
        }
        return .paste(text.replacingOccurrences(of: "\r\n", with: "\n").replacingOccurrences(of: "\r", with: "\n"))
    }

    private static func mouse() -> TerminalEvent? {
        var event = MEVENT()
        guard getmouse(&event) == OK else { return nil }
        let kind: MouseEvent.Kind
        if event.bstate & courier_button4_pressed != 0 {
            kind = .wheelUp
        } else if event.bstate & courier_button5_pressed != 0 {
            kind = .wheelDown
        } else if event.bstate & (courier_button1_pressed | courier_button1_clicked) != 0 {
            kind = .press
        } else {
            return nil
        }
        return .mouse(MouseEvent(kind: kind, row: Int(event.y), column: Int(event.x)))
    }
}
