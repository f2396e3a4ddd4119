import Courier
import CourierCollections
import Foundation
import Testing

/// Inputs the shell-word fuzz target found: the splitter reads what `ShellQuote` writes.
@Suite("Shell words, as the shell reads them")
struct ShellWordsRegressionTests {
    @Test("A quote or backslash followed by a combining mark still quotes and escapes", arguments: [
        ("'\u{301}x'", ["\u{301}x"]),
        ("\\\u{301}a b", ["\u{301}a", "b"]),
        ("\"\u{301}\" '\u{308}'", ["\u{301}", "\u{308}"]),
        ("a\\\r\nb", ["ab"]),
    ])
    func combiningMarks(_ line: String, _ words: [String]) throws {
        #expect(try ShellWords.split(line).map { Array($0.unicodeScalars) } == words.map { Array($0.unicodeScalars) })
    }

    @Test("Words quoted by ShellQuote split back into the same words, scalar for scalar")
    func quotedWordsRoundTrip() throws {
        let words = ["\u{301}", "it's", "e\u{301}", "\u{301}'\u{301}", "a b\nc", "$HOME", "\\", "", "\u{200D}x"]
        let line = words.map(ShellQuote.quoteIfNeeded).joined(separator: " ")
        #expect(try ShellWords.split(line).map { Array($0.unicodeScalars) } == words.map { Array($0.unicodeScalars) })
    }

    @Test("The real shell reads a quoted word with a combining mark after a quote back byte for byte")
    func realShellReadsItBack() throws {
        let word = "\u{301}'\u{301}x'"
        let shell = Process()
        shell.executableURL = URL(fileURLWithPath: "/bin/sh")
        shell.arguments = ["-c", "printf %s " + ShellQuote.quote(word)]
        let output = Pipe()
        shell.standardOutput = output
        try shell.run()
        let printed = output.fileHandleForReading.readDataToEndOfFile()
        shell.waitUntilExit()
        #expect(shell.terminationStatus == 0)
        #expect(printed == Data(word.utf8))
    }
}
