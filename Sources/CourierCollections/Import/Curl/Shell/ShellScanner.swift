/// Reads a snippet into `ShellScript` commands; see `ShellScript` for what it understands. Reads
/// Unicode scalars, as `ShellWords` does and for the same reason.
struct ShellScanner {
    typealias ParseError = ShellWords.ParseError
    private let characters: [Unicode.Scalar]
    private var index = 0

    init(_ text: String) { characters = Array(text.unicodeScalars) }

    private func peek(_ offset: Int = 0) -> Unicode.Scalar? {
        index + offset < characters.count ? characters[index + offset] : nil
    }

    /// A heredoc whose body starts after the current line.
    private struct PendingHeredoc {
        let delimiter: String
        let stripsTabs: Bool
        let command: Int
    }

    mutating func commands() throws(ParseError) -> [ShellScript.Command] {
        var commands: [ShellScript.Command] = []
        var current = ShellScript.Command()
        var heredocs: [PendingHeredoc] = []
        func finish(piped: Bool) {
            if !current.words.isEmpty || current.input != nil { commands.append(current) }
            current = ShellScript.Command()
            current.isPiped = piped
        }
        while let character = peek() {
            switch character {
            case " ", "\t", "\r":
                index += 1
            case "\\" where peek(1) == "\n":
                index += 2
            case "\\" where peek(1) == "\r" && peek(2) == "\n":
                index += 3
            case "\n":
                index += 1
                finish(piped: false)
                for heredoc in heredocs where heredoc.command < commands.count {
                    commands[heredoc.command].input = .text(readHeredocBody(heredoc))
                }
                heredocs.removeAll()
            case "#":
                while let next = peek(), next != "\n" { index += 1 }
            case ";":
                index += 1
                finish(piped: false)
            case "&":
                index += peek(1) == "&" ? 2 : 1
                finish(piped: false)
            case "|":
                let isOr = peek(1) == "|"
                index += isOr ? 2 : 1
                finish(piped: !isOr)
            case "<":
                if peek(1) == "<" && peek(2) == "<" {
                    index += 3
                    current.input = .text(try nextWord().withEnvironmentTemplates + "\n")
                } else if peek(1) == "<" {
                    index += 2
                    let stripsTabs = peek() == "-"
                    if stripsTabs { index += 1 }
                    let delimiter = try nextWord().text
                    heredocs.append(PendingHeredoc(delimiter: delimiter, stripsTabs: stripsTabs, command: commands.count))
                    current.input = .text("")
                } else {
                    index += 1
                    current.input = .file(try nextWord())
                }
            case ">":
                current.droppedRedirections.append(try outputRedirection(prefix: ""))
            case "0"..."9" where peek(1) == ">":
                index += 1
                current.droppedRedirections.append(try outputRedirection(prefix: String(character)))
            default:
                current.words.append(try word())
            }
        }
        finish(piped: false)
        for heredoc in heredocs where heredoc.command < commands.count {
            commands[heredoc.command].input = .text(readHeredocBody(heredoc))
        }
        return commands
    }

    /// `>file`, `>>file`, `>&2`: the operator and its target, as written.
    private mutating func outputRedirection(prefix: String) throws(ParseError) -> String {
        var text = prefix
        while let next = peek(), next == ">" || next == "&" { text.unicodeScalars.append(next); index += 1 }
        return text + (try nextWord().text)
    }

    /// The word after an operator, blanks skipped.
    private mutating func nextWord() throws(ParseError) -> ShellWord {
        while let next = peek(), next == " " || next == "\t" { index += 1 }
        return try word()
    }

    /// Lines up to the delimiter line (or the end), with leading tabs removed for `<<-`.
    private mutating func readHeredocBody(_ heredoc: PendingHeredoc) -> String {
        var body = ""
        while index < characters.count {
            var line = ""
            while let next = peek(), next != "\n" { line.unicodeScalars.append(next); index += 1 }
            if peek() == "\n" { index += 1 }
            if heredoc.stripsTabs { line = String(line.drop { $0 == "\t" }) }
            if line == heredoc.delimiter { break }
            body += line + "\n"
        }
        return body
    }

    /// One word: quotes removed, variables and command substitutions noted where the shell would expand them.
    private mutating func word() throws(ParseError) -> ShellWord {
        var pieces = WordPieces()
        while let character = peek() {
            if " \t\r\n;&|<>".unicodeScalars.contains(character) { break }
            index += 1
            switch character {
            case "\\":
                guard let escaped = peek() else { pieces.literal("\\"); continue }
                index += 1
                if escaped != "\n" { pieces.literal(escaped) }
            case "'":
                let start = index
                while let inner = peek(), inner != "'" { pieces.literal(inner); index += 1 }
                guard peek() == "'" else { throw ParseError(description: "a single quote opened at character \(start) is never closed") }
                index += 1
            case "\"":
                try doubleQuoted(into: &pieces)
            case "$" where peek() == "'":
                index += 1
                var ansiIndex = index
                pieces.literal(try ShellWords.ansiC(characters, &ansiIndex))
                index = ansiIndex
            case "$" where peek() == "\"":
                // $"…" is a translatable string: a double-quoted one everywhere but in a translated locale.
                index += 1
                try doubleQuoted(into: &pieces)
            case "$", "`":
                try expansion(after: character, into: &pieces)
            default:
                pieces.literal(character)
            }
        }
        return pieces.word
    }

    /// The inside of `"…"`, the opening quote already read.
    private mutating func doubleQuoted(into pieces: inout WordPieces) throws(ParseError) {
        let start = index
        while let inner = peek(), inner != "\"" {
            index += 1
            switch inner {
            case "\\":
                guard let escaped = peek() else { pieces.literal("\\"); continue }
                index += 1
                switch escaped {
                case "\"", "\\", "$", "`": pieces.literal(escaped)
                case "\n": break
                default: pieces.literal("\\"); pieces.literal(escaped)
                }
            case "$", "`":
                try expansion(after: inner, into: &pieces)
            default:
                pieces.literal(inner)
            }
        }
        guard peek() == "\"" else { throw ParseError(description: "a double quote opened at character \(start) is never closed") }
        index += 1
    }

    /// `$NAME`, `${NAME…}`, `$(…)` or `` `…` ``, the `$` or backtick already read; a `$` that starts none is literal.
    private mutating func expansion(after sign: Unicode.Scalar, into pieces: inout WordPieces) throws(ParseError) {
        let start = index - 1
        if sign == "`" || peek() == "(" {
            let closing: Unicode.Scalar = sign == "`" ? "`" : ")"
            if sign == "$" { index += 1 }
            var depth = 1
            var text = sign == "`" ? "`" : "$("
            while let inner = peek() {
                index += 1
                text.unicodeScalars.append(inner)
                if closing == ")" && inner == "(" { depth += 1 }
                if inner == closing { depth -= 1; if depth == 0 { pieces.command(text); return } }
            }
            throw ParseError(description: "a command substitution opened at character \(start) is never closed")
        }
        if peek() == "{" {
            index += 1
            var name = ""
            while let inner = peek(), inner != "}" { name.unicodeScalars.append(inner); index += 1 }
            guard peek() == "}" else { throw ParseError(description: "a ${ opened at character \(start) is never closed") }
            index += 1
            pieces.variable(name, braced: true)
            return
        }
        var name = ""
        while let inner = peek(), inner == "_" || (inner.isASCII && inner.properties.isAlphabetic) || (!name.isEmpty && ("0"..."9").contains(inner)) {
            name.unicodeScalars.append(inner)
            index += 1
        }
        if name.isEmpty { pieces.literal("$") } else { pieces.variable(name, braced: false) }
    }
}

/// The parts of a word being read.
private struct WordPieces {
    var word = ShellWord(text: "")

    mutating func literal(_ scalar: Unicode.Scalar) { literal(String(scalar)) }
    mutating func literal(_ text: String) {
        word.text += text
        word.withEnvironmentTemplates += text
    }

    mutating func variable(_ name: String, braced: Bool) {
        let written = braced ? "${\(name)}" : "$\(name)"
        word.text += written
        word.variables.append(name)
        // ${NAME:-default} and friends have no template form: kept as written.
        let isPlainName = name.unicodeScalars.allSatisfy { $0 == "_" || ($0.isASCII && $0.properties.isAlphabetic) || ("0"..."9").contains($0) }
        word.withEnvironmentTemplates += isPlainName ? "{{$env.\(name)}}" : written
    }

    mutating func command(_ text: String) {
        literal(text)
        word.substitutesCommand = true
    }
}
