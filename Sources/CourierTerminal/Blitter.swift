import CNcurses
import CourierUI

/// Copies cells into ncurses, allocating colour pairs as styles need them.
final class Blitter {
    private let colors: ColorSupport
    private var pairs: [Pair: Int16] = [:]
    private var nextPair: Int16 = 1
    private let maximumPairs: Int16

    private struct Pair: Hashable {
        let foreground: Int16
        let background: Int16
    }

    init(colors: ColorSupport) {
        self.colors = colors
        maximumPairs = Int16(clamping: min(Int(courier_color_pairs()) - 1, Int(Int16.max)))
    }

    func write(_ positions: [Position], of screen: Screen) {
        for position in positions {
            var column = position.column
            // A changed right half redraws the wide grapheme it belongs to.
            if screen[position.row, column].width == 0 {
                guard column > 0 else { continue }
                column -= 1
            }
            put(screen[position.row, column], row: position.row, column: column)
        }
    }

    private func put(_ cell: Cell, row: Int, column: Int) {
        var characters = cell.text.unicodeScalars.map { wchar_t(bitPattern: $0.value) }
        if characters.isEmpty { characters = [wchar_t(32)] }
        characters.append(0)
        var glyph = cchar_t()
        let pair = colorPair(for: cell.style)
        _ = characters.withUnsafeBufferPointer { buffer in
            setcchar(&glyph, buffer.baseAddress, attributes(for: cell.style), pair, nil)
        }
        mvadd_wch(Int32(row), Int32(column), &glyph)
    }

    private func attributes(for style: Style) -> attr_t {
        var attributes = courier_a_normal
        if style.bold { attributes |= courier_a_bold }
        if style.dim { attributes |= courier_a_dim }
        if style.italic { attributes |= courier_a_italic }
        if style.underline { attributes |= courier_a_underline }
        // Without colours, reverse video is what still shows focus and selection.
        if style.reverse || (colors == .none && style.background != .default) { attributes |= courier_a_reverse }
        return attributes
    }

    private func colorPair(for style: Style) -> Int16 {
        guard colors != .none else { return 0 }
        let key = Pair(foreground: number(style.foreground), background: number(style.background))
        if key.foreground == -1 && key.background == -1 { return 0 }
        if let pair = pairs[key] { return pair }
        guard nextPair <= maximumPairs else { return 0 }
        let pair = nextPair
        nextPair += 1
        init_pair(pair, key.foreground, key.background)
        pairs[key] = pair
        return pair
    }

    /// The colour number the terminal understands, degraded from 24-bit to 256 to 16.
    private func number(_ color: Color) -> Int16 {
        switch (color, colors) {
        case (.default, _), (_, .none): return -1
        case (.basic(let index), _): return Int16(index & 15)
        case (.indexed(let index), .indexed): return Int16(index)
        case (.indexed(let index), .basic): return Int16(ColorMath.basic(fromIndexed: index))
        case (.rgb(let r, let g, let b), .indexed): return Int16(ColorMath.indexed(r: r, g: g, b: b))
        case (.rgb(let r, let g, let b), .basic): return Int16(ColorMath.basic(r: r, g: g, b: b))
        }
    }
}
