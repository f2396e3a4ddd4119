/// A pasted shell snippet read as bash reads it, far enough to find a curl command in it: words
/// with the variables the shell would expand in them, commands split at `;`, `&&`, `||`, `&`,
/// `|` and line ends, comments dropped, and standard input redirections (`< file`, `<<DELIM`
/// heredocs, `<<< word`) kept. Nothing is expanded or run.
public struct ShellScript: Sendable, Equatable {
    /// One simple command of the script.
    public struct Command: Sendable, Equatable {
        /// The command's words, its redirections taken out.
        public var words: [ShellWord] = []
        /// Where its standard input comes from, when redirected.
        public var input: ShellInput?
        /// Whether its standard input is the output of the command before it (`a | b`).
        public var isPiped = false
        /// Output redirections (`> file`, `2>&1`) met and dropped.
        public var droppedRedirections: [String] = []
    }

    /// The commands in the order written.
    public var commands: [Command]

    /// Reads `text`.
    /// - Throws: `ShellWords.ParseError` for an unclosed quote or heredoc.
    public static func parse(_ text: String) throws(ShellWords.ParseError) -> ShellScript {
        var scanner = ShellScanner(text)
        return ShellScript(commands: try scanner.commands())
    }
}

/// One word of a command, and what the shell would have changed in it.
public struct ShellWord: Sendable, Equatable {
    /// The word with quotes removed, variables left as written (`$HOME`).
    public var text: String
    /// Variables the shell would expand in the word (outside single quotes), in order, by name.
    public var variables: [String] = []
    /// Whether the word holds a command substitution (`` `…` `` or `$(…)`), which only running it can fill.
    public var substitutesCommand = false
    /// The word with each expanded variable written `{{$env.NAME}}`, Courier's template for it.
    public var withEnvironmentTemplates: String

    /// A word; `withEnvironmentTemplates` defaults to `text`.
    public init(text: String, variables: [String] = [], substitutesCommand: Bool = false, withEnvironmentTemplates: String? = nil) {
        self.text = text
        self.variables = variables
        self.substitutesCommand = substitutesCommand
        self.withEnvironmentTemplates = withEnvironmentTemplates ?? text
    }
}

/// Where a command's standard input comes from.
public enum ShellInput: Sendable, Equatable {
    /// `< file`.
    case file(ShellWord)
    /// A heredoc (`<<DELIM … DELIM`) or here-string (`<<< word`, which gets a trailing newline):
    /// the text itself.
    case text(String)
}
