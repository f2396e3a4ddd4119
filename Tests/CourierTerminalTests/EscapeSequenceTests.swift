@testable import CourierTerminal
import CourierUI
import Testing

/// The sequences terminals send for keys, decoded the same whatever `TERM` says.
@Suite("Escape sequences")
struct EscapeSequenceTests {
    private static func bytes(_ text: String) -> [UInt8] { [0x1B] + Array(text.utf8) }

    @Test("Home, End, Insert, Delete, PgUp and PgDn in every common encoding", arguments: [
        ("[H", Key.home), ("OH", .home), ("[1~", .home), ("[7~", .home), ("[1;5H", .home),
        ("[F", .end), ("OF", .end), ("[4~", .end), ("[8~", .end), ("[4;2~", .end),
        ("[2~", .insert), ("[2$", .insert), ("[3~", .delete), ("[3^", .delete), ("[3;5~", .delete),
        ("[5~", .pageUp), ("[6~", .pageDown), ("[5$", .pageUp), ("[6^", .pageDown),
    ])
    func editingKeys(sequence: String, key: Key) {
        let bytes = Self.bytes(sequence)
        #expect(EscapeSequence.isComplete(bytes), "\(sequence)")
        #expect(EscapeSequence.decode(bytes) == key, "\(sequence)")
    }

    @Test("F1 to F12: xterm, vt220, rxvt and the Linux console", arguments: [
        ("OP", 1), ("[11~", 1), ("[[A", 1), ("[1;2P", 1), ("OQ", 2), ("[12~", 2), ("[[B", 2), ("OR", 3), ("[13~", 3),
        ("OS", 4), ("[14~", 4), ("[[D", 4), ("[15~", 5), ("[[E", 5), ("[17~", 6), ("[18~", 7), ("[19~", 8),
        ("[20~", 9), ("[21~", 10), ("[23~", 11), ("[24~", 12), ("[24;5~", 12),
    ])
    func functionKeys(sequence: String, number: Int) {
        #expect(EscapeSequence.decode(Self.bytes(sequence)) == .function(number), "\(sequence)")
    }

    @Test("Arrows in normal and application mode, Shift-arrows from xterm and rxvt, Shift-Tab", arguments: [
        ("[A", Key.up), ("OA", .up), ("[B", .down), ("OD", .left), ("[C", .right),
        ("[1;2A", .shiftUp), ("[1;2D", .shiftLeft), ("[a", .shiftUp), ("[c", .shiftRight), ("[1;5A", .up), ("[Z", .backTab),
        ("OM", .enter),
    ])
    func arrows(sequence: String, key: Key) {
        #expect(EscapeSequence.decode(Self.bytes(sequence)) == key, "\(sequence)")
    }

    @Test("Reading stops where a sequence ends, and not before")
    func completeness() {
        for partial in ["[", "[1", "[1;", "[1;5", "[[", "O", "O2", "[24"] {
            #expect(!EscapeSequence.isComplete(Self.bytes(partial)), "\(partial)")
        }
        for whole in ["[A", "[24~", "[[A", "OP", "O2P", "[200~", "[2$"] {
            #expect(EscapeSequence.isComplete(Self.bytes(whole)), "\(whole)")
        }
    }

    @Test("Sequences that name no key decode to nothing, so the decoder reports Esc", arguments: [
        "[99~", "[200~", "[1;x~", "Oz", "[[Z", "[",
    ])
    func unknown(sequence: String) {
        #expect(EscapeSequence.decode(Self.bytes(sequence)) == nil, "\(sequence)")
    }

    @Test("Key names for the new keys read back in config.yaml")
    func names() {
        #expect(Key(name: "insert") == .insert)
        #expect(Key.insert.description == "insert")
    }
}
