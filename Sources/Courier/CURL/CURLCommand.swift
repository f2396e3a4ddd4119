import Foundation

/// A `curl` command that sends the same request Courier sends, safe to paste into any POSIX shell.
///
/// - It is a list of arguments (`ShellCommand`), each single-quoted once, so a value holding
///   ` -H x` or `'` stays one argument; options go on lines of their own.
/// - Headers keep their order; `Content-Length` is left to curl; an empty value is `-H 'Name;'`.
/// - The method is named only when curl would not infer it.
/// - Text bodies go in `--data-raw` (a leading `@` is not a file); bodies that are not printable
///   UTF-8 are piped in with `printf` octal escapes, since arguments cannot carry NUL bytes.
/// - Multipart bodies use `-F` / `--form-string`, in the parts' order, when every part is a file
///   on disk or a text field.
/// - What the transport does by itself is spelled out: `-L` when it follows redirects
///   (`--location-trusted` when credentials may follow them to another host), with
///   `--post301/302/303` where it repeats the method and body after those codes, `--compressed`
///   when it asks for compressed responses, and `--max-time` for the request's timeout.
///
/// One difference remains: curl repeats a method given with `-X` (PUT, DELETE, …) after a 303,
/// where Courier's transports switch to GET; no curl option changes that.
struct CURLCommand {
    let command: ShellCommand

    init(prepared: PreparedRequest, behaviour: TransportBehaviour) {
        var groups: [[CommandArgument]] = [[.word("curl"), .url(prepared.url.absoluteString)]]
        var input: [CommandArgument]?
        let formParts = prepared.multipart.flatMap(Self.formArguments)
        let hasBody = formParts != nil || !(prepared.body ?? Data()).isEmpty || prepared.bodyFile != nil
        // curl repeats a method given with -X after every redirect; an empty body makes a POST
        // one that curl turns into a GET after 301/302/303, as Courier's transports do.
        let emptyPost = prepared.method == .post && !hasBody && behaviour.followsRedirects

        switch (prepared.method, hasBody) {
        case (.get, false), (.post, true): break
        case (.post, false) where emptyPost: break
        case (.head, false): groups.append([.word("--head")])
        default: groups.append([.word("-X"), .value(prepared.method.rawValue)])
        }
        if Self.globCharacters.contains(where: prepared.url.absoluteString.contains) {
            groups.append([.word("--globoff")])
        }
        for (key, value) in prepared.headers where key != .contentLength {
            // With -F curl writes its own multipart Content-Type, boundary included.
            if formParts != nil && key == .contentType { continue }
            groups.append([.word("-H"), .header(name: key.rawValue, separator: value.isEmpty ? ";" : ": ", value: value)])
        }
        if let formParts {
            groups += formParts
        } else if let file = prepared.bodyFile {
            // curl reads the file itself, as the upload does.
            groups.append([.word("--data-binary"), .value("@" + file.path)])
        } else if let body = prepared.body, !body.isEmpty {
            if let text = String(data: body, encoding: .utf8), Self.isPrintable(text) {
                groups.append([.word("--data-raw"), .value(text)])
            } else {
                groups.append([.word("--data-binary"), .value("@-")])
                input = [.word("printf"), .value(Self.printfEscaped(body))]
            }
        } else if emptyPost {
            groups.append([.word("--data-raw"), .value("")])
            // … without the form Content-Type curl would add to it.
            if prepared.headers[.contentType] == nil { groups.append([.word("-H"), .value("Content-Type:")]) }
        }
        groups += Self.transportOptions(prepared, behaviour: behaviour, postLike: hasBody || emptyPost)
        command = ShellCommand(groups: groups, input: input)
    }

    /// The request as it runs: no secret masked.
    var text: String { command.text() }

    /// `-L` (or `--location-trusted`) and `--post30x`, `--compressed`, `--max-time`.
    private static func transportOptions(_ prepared: PreparedRequest, behaviour: TransportBehaviour,
                                         postLike: Bool) -> [[CommandArgument]] {
        var groups: [[CommandArgument]] = []
        if behaviour.followsRedirects {
            // --location-trusted is -L that also sends credentials to another host.
            groups.append([.word(behaviour.trustsRedirects ? "--location-trusted" : "-L")])
            // curl repeats a request that has a body after 301/302/303 only when told to.
            for code in [301, 302, 303] where postLike && behaviour.outcome(of: code, for: prepared.method) == .sameMethodAndBody {
                groups.append([.word("--post\(code)")])
            }
        }
        if behaviour.decompresses { groups.append([.word("--compressed")]) }
        if let timeout = prepared.timeout, timeout > 0 {
            groups.append([.word("--max-time"), .seconds(timeout)])
        }
        return groups
    }

    /// Characters curl reads as URL globbing unless told `--globoff`.
    private static let globCharacters: [Character] = ["[", "]", "{", "}"]

    /// `-F` arguments when every part can be expressed as a form field or a file on disk.
    private static func formArguments(_ body: MultipartBody) -> [[CommandArgument]]? {
        var arguments: [[CommandArgument]] = []
        for part in body.parts {
            switch part {
            case .field(let name, let value, nil):
                guard !name.contains("=") else { return nil }
                arguments.append([.word("--form-string"), .value("\(name)=\(value)")])
            case .field(let name, let value, let mime?):
                // Quoted, the value may hold ';' or start with '@' or '<' and stay text.
                guard !name.contains("=") else { return nil }
                arguments.append([.word("-F"), .value("\(name)=\(formQuoted(value));type=\(mime)")])
            case .file(let name, let fileName, let mime, .file(let url)):
                guard !name.contains("=") else { return nil }
                let spec = "\(name)=@\(formQuoted(url.path));type=\(mime);filename=\(formQuoted(fileName))"
                arguments.append([.word("-F"), .value(spec)])
            case .file:
                return nil
            }
        }
        return arguments
    }

    /// curl's own quoting inside a `-F` value: double quotes with `\` escapes.
    private static func formQuoted(_ text: String) -> String {
        "\"" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
    }

    private static func isPrintable(_ text: String) -> Bool {
        text.unicodeScalars.allSatisfy { scalar in
            scalar == "\n" || scalar == "\t" || scalar == "\r" || (scalar.value >= 0x20 && scalar.value != 0x7F)
        }
    }

    /// Bytes as a `printf` format: printable ASCII kept, `%` and `\` doubled, everything else `\ooo`.
    /// A leading `-` is escaped too, or `printf` would read a multipart body's `--boundary` as an option.
    private static func printfEscaped(_ data: Data) -> String {
        var out = ""
        out.reserveCapacity(data.count * 2)
        for (index, byte) in data.enumerated() {
            switch byte {
            case UInt8(ascii: "-") where index == 0: out += "\\055"
            case UInt8(ascii: "%"): out += "%%"
            case UInt8(ascii: "\\"): out += "\\\\"
            case 0x20...0x7E: out.unicodeScalars.append(UnicodeScalar(byte))
            default:
                let octal = String(byte, radix: 8)
                out += "\\" + String(repeating: "0", count: 3 - octal.count) + octal
            }
        }
        return out
    }
}
