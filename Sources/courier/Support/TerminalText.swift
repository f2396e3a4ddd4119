import CourierUI
import Foundation

/// Writes a server's text to stdout piece by piece, as a terminal should see it when `shown`
/// (control characters as pictures, `ControlPictures.Pieces`) or exactly as given otherwise, so a
/// large body is never copied whole.
struct TerminalText {
    /// Whether control characters become pictures.
    let shown: Bool
    private var pieces = ControlPictures.Pieces(layout: .text)

    init(shown: Bool) {
        self.shown = shown
    }

    /// Writes `bytes`, in pieces of at most 64 KB.
    mutating func write<Bytes: Collection<UInt8>>(_ bytes: Bytes) {
        var rest = bytes[...]
        while !rest.isEmpty {
            let piece = rest.prefix(1 << 16)
            rest = rest.dropFirst(piece.count)
            Output.write(shown ? Data(pieces.clean(piece).utf8) : Data(piece))
        }
    }

    /// Writes what was held back.
    mutating func finish() {
        if shown { Output.write(Data(pieces.finish().utf8)) }
    }

    /// Whether `body` is binary rather than text, judged as curl does on its start: invalid UTF-8
    /// or a NUL byte in the first 64 KB. (Text that turns binary later is still shown safely.)
    static func looksBinary(_ body: Data) -> Bool {
        let start = body.prefix(1 << 16)
        if start.contains(0) { return true }
        // A sequence cut off at the end of the sample is not a sign of binary.
        let cuts = start.count < body.count ? 0...3 : 0...0
        return !cuts.contains { String(validating: start.dropLast($0), as: UTF8.self) != nil }
    }
}
