import CourierUI
import Foundation
import Testing

/// The one rule for showing a server's text on a terminal, shared by the explorer and the command line.
@Suite("Control characters as pictures")
struct ControlPicturesTests {
    private let hostile = "a\u{1B}]0;title\u{07}b\u{1B}[2J\u{1B}[6n\u{9B}6n\u{7F}"

    @Test("A pane line shows every control character, line break and C1 control as a picture, and a tab as spaces")
    func line() {
        #expect(ControlPictures.clean(hostile + "\t\r\n", layout: .line) == "a␛]0;title␇b␛[2J␛[6n\u{FFFD}6n␡    ␍␊")
        #expect(TextLines(Data((hostile + "\nnext").utf8)).line(0) == "a␛]0;title␇b␛[2J␛[6n\u{FFFD}6n␡", "the explorer's lines use it")
    }

    @Test("Printed text keeps tabs, line feeds and CRLF; a lone CR and invalid UTF-8 do not survive")
    func text() {
        #expect(ControlPictures.clean("x\ty\r\nz\rw\n", layout: .text) == "x\ty\r\nz␍w\n")
        #expect(ControlPictures.printable([0x41, 0xFF, 0x1B, 0x42], layout: .text) == "A\u{FFFD}␛B")
        #expect(ControlPictures.clean("plain ✓ text\n", layout: .text) == "plain ✓ text\n")
    }
}

@Suite("Control characters as pictures, piece by piece")
struct ControlPicturePiecesTests {
    @Test("A UTF-8 sequence or a CRLF split between pieces comes out whole; an escape split between pieces is still a picture")
    func splitPieces() {
        let bytes = Array("é✓\r\n\u{1B}[2J".utf8)
        for split in 0...bytes.count {
            var pieces = ControlPictures.Pieces(layout: .text)
            let text = pieces.clean(bytes[..<split]) + pieces.clean(bytes[split...]) + pieces.finish()
            #expect(text == "é✓\r\n␛[2J", "split at \(split)")
        }
        var truncated = ControlPictures.Pieces(layout: .text)
        #expect(truncated.clean([0x41, 0xE2, 0x9C]) == "A")
        #expect(truncated.finish() == "\u{FFFD}", "a sequence never finished is invalid")
    }
}
