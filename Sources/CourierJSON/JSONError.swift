/// Why bytes are not valid JSON, with the place it was noticed.
public struct JSONError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What was expected and what was found instead.
    public let message: String
    /// Byte offset from the start of the document.
    public let offset: Int
    /// 1-based line of `offset`.
    public let line: Int
    /// 1-based column of `offset`, counted in bytes.
    public let column: Int

    init(message: String, offset: Int, bytes: UnsafeRawBufferPointer) {
        self.message = message
        self.offset = offset
        var line = 1
        var lineStart = 0
        for index in 0..<min(offset, bytes.count) where bytes[index] == 0x0A {
            line += 1
            lineStart = index + 1
        }
        self.line = line
        self.column = offset - lineStart + 1
    }

    init(message: String, offset: Int, line: Int, column: Int) {
        self.message = message
        self.offset = offset
        self.line = line
        self.column = column
    }

    /// Nesting deeper than the readers follow (`JSONScanner.maximumDepth`), at `offset`.
    static func tooDeep(offset: Int, bytes: UnsafeRawBufferPointer) -> JSONError {
        JSONError(message: "nesting is deeper than \(JSONScanner.maximumDepth) levels", offset: offset, bytes: bytes)
    }

    public var description: String { "invalid JSON at line \(line), column \(column): \(message)" }
}
