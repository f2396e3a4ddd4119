import CourierUI
import Foundation

/// Writes a server's text to stdout piece by piece, as a terminal should see it when `shown` (control
/// characters as pictures, `ControlPictures`) or exactly as given otherwise. Pieces are cleaned
/// one at a time, so a large body is never copied whole; a UTF-8 sequence or a CR split between
/// two pieces waits for the next one.
struct TerminalText {
    /// Whether control characters become pictures.
    let shown: Bool
    private var carry: [UInt8] = []

    init(shown: Bool) {
        self.shown = shown
    }

    /// Writes `bytes`, in pieces of at most 64 KB.
    mutating func write<Bytes: Collection<UInt8>>(_ bytes: Bytes) {
        var rest = bytes[...]
        while !rest.isEmpty {
            let piece = rest.prefix(1 << 16)
            rest = rest.dropFirst(piece.count)
            guard shown else {
                Output.write(Data(piece))
                continue
            }
            carry.append(contentsOf: piece)
            let cut = Self.completeLength(of: carry)
            Output.write(Data(ControlPictures.printable(carry[..<cut], layout: .text).utf8))
            carry.removeFirst(cut)
        }
    }

    /// Writes what is still waiting (an incomplete sequence at the very end is invalid UTF-8 then).
    mutating func finish() {
        if shown && !carry.isEmpty { Output.write(Data(ControlPictures.printable(carry, layout: .text).utf8)) }
        carry = []
    }

    /// Whether `body` is binary rather than text, judged as curl does on its start: invalid UTF-8
    /// or a NUL byte in the first 64 KB. (Text that turns binary later is still shown safely.)
    static func looksBinary(_ body: Data) -> Bool {
        let start = [UInt8](body.prefix(1 << 16))
        let complete = start.prefix(start.count < body.count ? completeLength(of: start) : start.count)
        return complete.contains(0) || String(validating: complete, as: UTF8.self) == nil
    }

    /// How much of `bytes` can be cleaned now: all but a trailing CR (its LF may follow) or an
    /// unfinished UTF-8 sequence.
    private static func completeLength(of bytes: [UInt8]) -> Int {
        var end = bytes.count
        if end > 0, bytes[end - 1] == 0x0D { return end - 1 }
        // The last sequence's lead byte is among the final four.
        var lead = end - 1
        while lead >= 0, lead > end - 4, bytes[lead] & 0xC0 == 0x80 { lead -= 1 }
        guard lead >= 0 else { return end }
        let length = bytes[lead] >= 0xF0 ? 4 : bytes[lead] >= 0xE0 ? 3 : bytes[lead] >= 0xC0 ? 2 : 1
        if lead + length > end { end = lead }
        return end
    }
}
