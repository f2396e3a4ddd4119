import Foundation

/// Quoting for a POSIX shell: the one home for it.
public enum ShellQuote {
    /// `text` in single quotes, an embedded `'` written as `'\''`; the shell reads it back byte
    /// for byte, whatever it holds (`$`, backticks, newlines, ` -H `).
    /// Works on Unicode scalars, as the shell reads bytes: a `'` followed by a combining mark is
    /// one Character, which a search for the Character `'` would pass over and leave unescaped.
    public static func quote(_ text: String) -> String {
        var quoted = "'"
        for scalar in text.unicodeScalars {
            if scalar == "'" { quoted += "'\\''" } else { quoted.unicodeScalars.append(scalar) }
        }
        return quoted + "'"
    }

    /// `text` as it is when the shell would read it back unchanged, quoted otherwise.
    public static func quoteIfNeeded(_ text: String) -> String {
        isBare(text) ? text : quote(text)
    }

    /// Whether `text` needs no quotes: ASCII letters, digits and `-_./:=@%+,` only.
    static func isBare(_ text: String) -> Bool {
        !text.isEmpty && text.unicodeScalars.allSatisfy {
            $0.isASCII && (CharacterSet.alphanumerics.contains($0) || "-_./:=@%+,".unicodeScalars.contains($0))
        }
    }
}

/// One argument of an exported command line, and what `--redact` hides in it.
public enum CommandArgument: Sendable, Equatable {
    /// A program name, an option or a number: written bare, never secret.
    case word(String)
    /// A value that may contain known secret values (a body, a form field, a file path).
    case value(String)
    /// A header written as `name`, `separator`, `value` (`-H 'Name: value'`, HTTPie's `Name:value`):
    /// the whole value is masked when the name carries credentials.
    case header(name: String, separator: String, value: String)
    /// A URL: credential-bearing query values and a password are masked.
    case url(String)

    /// A number of seconds as a bare word: `30`, `2.5`.
    public static func seconds(_ value: Double) -> CommandArgument {
        .word(value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value))
    }

    /// The argument's text before quoting, masked by `redactor` when there is one.
    func text(redactedBy redactor: SecretRedactor?) -> String {
        switch self {
        case .word(let word): return word
        case .value(let value): return redactor?.redact(value) ?? value
        case .header(let name, let separator, let value):
            return name + separator + (redactor?.header(name, value: value) ?? value)
        case .url(let url): return redactor?.url(url) ?? url
        }
    }
}

/// A command line built as a list of arguments, each quoted once, so no value can turn into an
/// option: a header that contains ` -H x` stays one argument. Printed with one option per line.
public struct ShellCommand: Sendable, Equatable {
    /// How values are quoted.
    public enum Quoting: Sendable {
        /// Always in single quotes (curl: the values stand out from the options).
        case always
        /// Only when the shell would change them (HTTPie's `Name:value` items read better bare).
        case whenNeeded
    }

    /// The program with its leading arguments, then one group per option and its values; groups
    /// are printed on lines of their own.
    public var groups: [[CommandArgument]]
    /// A command whose output is piped into this one (`printf '…' | curl …`), if any.
    public var input: [CommandArgument]?
    /// How values are quoted; options and program names are always bare.
    public var quoting: Quoting

    /// A command of `groups`, fed by `input` when given.
    public init(groups: [[CommandArgument]], input: [CommandArgument]? = nil, quoting: Quoting = .always) {
        self.groups = groups
        self.input = input
        self.quoting = quoting
    }

    /// The command as a POSIX shell runs it.
    /// - Parameter redactor: Masks secrets (for bug reports); nil prints the real values.
    /// - Returns: Groups joined with ` \` line breaks; the input command, if any, on the first line.
    public func text(redactedBy redactor: SecretRedactor? = nil) -> String {
        let lines = groups.map { line($0, redactor) }
        let command = lines.joined(separator: " \\\n  ")
        guard let input else { return command }
        return line(input, redactor) + " | " + command
    }

    private func line(_ arguments: [CommandArgument], _ redactor: SecretRedactor?) -> String {
        arguments.map { argument in
            let text = argument.text(redactedBy: redactor)
            if case .word = argument { return ShellQuote.quoteIfNeeded(text) }
            return quoting == .always ? ShellQuote.quote(text) : ShellQuote.quoteIfNeeded(text)
        }.joined(separator: " ")
    }
}
