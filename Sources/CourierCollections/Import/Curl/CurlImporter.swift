import Foundation

/// What importing a curl command produced.
public struct CurlImport: Sendable {
    public var request: RequestDefinition
    /// The absolute URL the command targets (before any base URL is taken off).
    public var url: String
    /// What the saved request does differently from curl, or leaves out, each with the reason.
    public var warnings: [String]
}

/// Turns a curl command line (for example a browser's "Copy as cURL") into a request definition,
/// with curl's own rules: its full option table, its `-d`/`--data-*`/`--json`/`-F` semantics,
/// `@-` from the snippet's redirection or heredoc, and shell variables as `{{$env.NAME}}`.
///
/// Files the command names stay references (`-F f=@photo.png`, `--data-binary @body.json`,
/// `-T file`), made absolute against the directory curl would run in and read when the request
/// is sent; a file whose content curl transforms first
/// (`-d @file` strips line breaks, `--data-urlencode name@file`, `-F f=<file`, data joined with
/// `&`) is copied into the request, with a warning naming it.
public enum CurlImporter {
    /// Why a command cannot be imported; says what and where.
    public struct ImportError: Error, Sendable, CustomStringConvertible {
        public let description: String
    }

    /// Parses `command`.
    /// - Parameters:
    ///   - command: A curl command, possibly inside a snippet (comments, `< file`, a heredoc).
    ///   - directory: Where curl would run: relative file paths are read from here.
    ///   - standardInput: Gives the importer's own standard input when the command reads `@-`
    ///     and the snippet redirects nothing into it; nil when there is none.
    /// - Throws: `ImportError` when it is not one curl command with one HTTP(S) URL, or a file it
    ///   must read cannot be read.
    public static func parse(_ command: String, directory: URL = URL(fileURLWithPath: FileManager.default.currentDirectoryPath),
                             standardInput: (() -> String?)? = nil) throws(ImportError) -> CurlImport {
        let script: ShellScript
        do {
            script = try ShellScript.parse(command)
        } catch {
            throw ImportError(description: "the command cannot be split into words: \(error)")
        }
        let curls = script.commands.filter { command in command.words.first.map { isCurl($0.text) } ?? false }
        guard let curl = curls.first else {
            let first = script.commands.first?.words.first?.text ?? ""
            throw ImportError(description: "not a curl command: it starts with '\(first)'")
        }
        guard curls.count == 1 else {
            throw ImportError(description: "the text holds \(curls.count) curl commands; import them one at a time")
        }
        var state = CurlRequestState()
        for argument in try CurlArguments.parse(Array(curl.words.dropFirst())) {
            switch argument {
            case .option(let option, let spelling, let value, let negated):
                if option.long == "next" {
                    throw ImportError(description: "\(spelling) starts a second request in the same command; import one request at a time")
                }
                if let value, value.substitutesCommand {
                    throw ImportError(description: "\(spelling) \(value.text) runs a command to make its value, which importing does not do")
                }
                try state.apply(option, spelling: spelling, value: value, negated: negated)
            case .url(let word):
                if word.substitutesCommand { throw ImportError(description: "the URL \(word.text) runs a command, which importing does not do") }
                state.note(word, as: "URL")
                state.urls.append(word)
            case .unknown(let spelling):
                state.warnings.append("\(spelling) ignored: \(CurlOption.tableVersion) does not know it; if it takes a value, that value is read as a URL")
            }
        }
        let input = CurlStandardInput(redirection: curl.input, isPiped: curl.isPiped, readOwn: standardInput)
        let builder = CurlRequestBuilder(state: state, input: input, readFile: { path throws(ImportError) in
            try readFile(path, in: directory)
        }, reference: { path in
            // A path made of a template ({{$env.FILE}}) is left as it is.
            path.hasPrefix("/") || path.hasPrefix("{{") ? path : directory.appendingPathComponent(path).standardizedFileURL.path
        })
        return try builder.build()
    }

    private static func isCurl(_ program: String) -> Bool {
        program == "curl" || program.hasSuffix("/curl") || program == "curl.exe"
    }

    /// The most a copied file may hold: its content goes into a request file.
    static let copyLimit = 1 << 20

    /// A file named on the command line, as text: a regular file (never a device such as
    /// `/dev/zero`, which would never end) no larger than `copyLimit`.
    private static func readFile(_ path: String, in directory: URL) throws(ImportError) -> String {
        if path.contains("{{$env.") {
            throw ImportError(description: "'\(path)' is named by a shell variable, and curl changes the file's content before sending it, so the import must read it: write the file's name out")
        }
        let url = path.hasPrefix("/") ? URL(fileURLWithPath: path) : directory.appendingPathComponent(path)
        let attributes = try? FileManager.default.attributesOfItem(atPath: url.path)
        guard let attributes, attributes[.type] as? FileAttributeType == .typeRegular else {
            throw ImportError(description: "\(url.path) cannot be read (no such regular file): curl would send its content, so the import needs it")
        }
        let size = (attributes[.size] as? NSNumber)?.intValue ?? 0
        guard size <= copyLimit else {
            throw ImportError(description: "\(url.path) holds \(size) bytes, too many to copy into a request file (1 MB at most); send it with --data-binary @file, which stays a reference")
        }
        guard let data = FileManager.default.contents(atPath: url.path) else {
            throw ImportError(description: "\(url.path) cannot be read: curl would send its content, so the import needs it")
        }
        return String(decoding: data, as: UTF8.self)
    }
}
