@testable import CourierTerminal
import CourierUI
import Testing

/// SGR mouse reports (1006), decoded whatever the terminal's size.
@Suite("SGR mouse reports")
struct MouseReportTests {
    private static func bytes(_ text: String) -> [UInt8] { [0x1B] + Array(text.utf8) }

    @Test("Presses and wheel turns, 1-based cells made 0-based, modifiers ignored, past column 223", arguments: [
        ("[<0;5;3M", MouseEvent(kind: .press, row: 2, column: 4)),
        ("[<0;300;60M", MouseEvent(kind: .press, row: 59, column: 299)),
        ("[<16;1;1M", MouseEvent(kind: .press, row: 0, column: 0)),
        ("[<64;10;2M", MouseEvent(kind: .wheelUp, row: 1, column: 9)),
        ("[<65;10;2M", MouseEvent(kind: .wheelDown, row: 1, column: 9)),
    ])
    func decoded(sequence: String, event: MouseEvent) {
        let bytes = Self.bytes(sequence)
        #expect(EscapeSequence.isComplete(bytes))
        #expect(bytes.count <= EscapeSequence.longest)
        #expect(MouseReport.isReport(bytes))
        #expect(MouseReport.decode(bytes) == event)
    }

    @Test("Releases, drags, other buttons and malformed reports are no event", arguments: [
        "[<0;5;3m", "[<32;5;3M", "[<2;5;3M", "[<0;5M", "[<x;5;3M", "[<0;0;3M",
    ])
    func ignored(sequence: String) {
        #expect(MouseReport.isReport(Self.bytes(sequence)))
        #expect(MouseReport.decode(Self.bytes(sequence)) == nil)
    }

    @Test("The longest report on a large terminal fits the reader's limit")
    func longest() {
        let bytes = Self.bytes("[<65;1234;567M")
        #expect(bytes.count <= EscapeSequence.longest)
        #expect(MouseReport.decode(bytes) == MouseEvent(kind: .wheelDown, row: 566, column: 1233))
    }
}
