/// A problem in one line of `expect:` or `capture:`: where in the line (in characters) and what.
public struct GrammarProblem: Error, Sendable, Equatable, CustomStringConvertible {
    /// The character offset in the line where the problem starts.
    public let offset: Int
    /// A sentence saying what was expected, with a suggestion when one is close.
    public let message: String

    /// A problem `offset` characters into the line.
    public init(offset: Int, message: String) {
        self.offset = offset
        self.message = message
    }

    /// The sentence.
    public var description: String { message }
}

/// Splits an assertion line into words: runs of operator characters (`=!<>`) and runs of other
/// non-space characters, so `status==200` reads like `status == 200`.
struct GrammarScanner {
    let characters: [Character]
    private(set) var index = 0

    init(_ text: String) { characters = Array(text) }

    private static func isOperator(_ character: Character) -> Bool { "=!<>".contains(character) }

    var isAtEnd: Bool {
        var copy = self
        copy.skipSpaces()
        return copy.index >= copy.characters.count
    }

    mutating func skipSpaces() {
        while index < characters.count, characters[index].isWhitespace { index += 1 }
    }

    /// The next word and its offset, without moving past it.
    func peek() -> (word: String, offset: Int)? {
        var copy = self
        return copy.next()
    }

    /// The next word and its offset.
    mutating func next() -> (word: String, offset: Int)? {
        skipSpaces()
        guard index < characters.count else { return nil }
        let start = index
        let operatorRun = Self.isOperator(characters[index])
        while index < characters.count, !characters[index].isWhitespace, Self.isOperator(characters[index]) == operatorRun { index += 1 }
        return (String(characters[start..<index]), start)
    }

    /// The rest of the line, trimmed, and its offset.
    mutating func rest() -> (text: String, offset: Int) {
        skipSpaces()
        let start = index
        index = characters.count
        var text = String(characters[start...])
        while text.last?.isWhitespace == true { text.removeLast() }
        return (text, start)
    }
}
