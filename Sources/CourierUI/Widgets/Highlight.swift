/// Which characters of a drawn text a search or filter matched, so they can be restyled where
/// they are drawn.
public enum Highlight {
    /// The indices of the characters of every case-insensitive occurrence of `needle` in `text`,
    /// as body search finds lines.
    public static func occurrences(of needle: String, in text: String) -> Set<Int> {
        let pattern = Array(needle.lowercased())
        let characters = Array(text.lowercased())
        // Lowercasing may change the count of characters (rarely); then nothing is marked, rather than the wrong cells.
        guard !pattern.isEmpty, characters.count == text.count, pattern.count <= characters.count else { return [] }
        var marked = Set<Int>()
        var index = 0
        while index + pattern.count <= characters.count {
            if characters[index..<(index + pattern.count)].elementsEqual(pattern) {
                marked.formUnion(index..<(index + pattern.count))
                index += pattern.count
            } else {
                index += 1
            }
        }
        return marked
    }

    /// The indices of the characters a fuzzy filter matched in `text`: the query's characters in
    /// order, case-insensitive, the whole query preferred where it appears in one piece; empty
    /// when `text` alone does not hold them all.
    public static func fuzzy(_ query: String, in text: String) -> Set<Int> {
        let whole = occurrences(of: query, in: text)
        if !whole.isEmpty { return whole }
        let characters = Array(text.lowercased())
        guard characters.count == text.count else { return [] }
        var marked = Set<Int>()
        var position = 0
        for character in query.lowercased() {
            guard position < characters.count, let found = characters[position...].firstIndex(of: character) else { return [] }
            marked.insert(found)
            position = found + 1
        }
        return marked
    }
}

extension Screen {
    /// Patches `style` onto the characters at `indices` of `text`, drawn from (`row`, `column`)
    /// and cut at `limit` columns, leaving the text as it is.
    public mutating func highlight(_ indices: Set<Int>, of text: String, row: Int, column: Int, limit: Int, style: Style) {
        guard !indices.isEmpty else { return }
        var x = column
        for (index, character) in text.enumerated() {
            let width = DisplayWidth.of(character)
            guard x + width <= column + limit else { break }
            if indices.contains(index) {
                for cell in x..<(x + width) where row >= 0 && row < height && cell >= 0 && cell < self.width {
                    self[row, cell].style = self[row, cell].style.patched(with: style)
                }
            }
            x += width
        }
    }
}
