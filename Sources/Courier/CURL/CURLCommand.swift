import Foundation

/// A `curl` command that sends the same request Courier sends, safe to paste into any POSIX shell.
///
/// - Every argument is single-quoted with embedded `'` written as `'\''`.
/// - Headers keep their order; `Content-Length` is left to curl.
/// - The method is named only when curl would not infer it.
/// - Text bodies go in `--data-binary`; bodies that are not printable UTF-8 are piped in with
///   `printf` octal escapes, since arguments cannot carry NUL bytes.
/// - Multipart bodies use `-F` / `--form-string` when every part is a file on disk or a text field.
struct CURLCommand {
    let text: String

    init(prepared: PreparedRequest) {
        var arguments: [String] = []
        var pipedBody: Data?
        let formParts = prepared.multipart.flatMap(Self.formArguments)
        let hasBody = formParts != nil || !(prepared.body ?? Data()).isEmpty || prepared.bodyFile != nil

        switch (prepared.method, hasBody) {
        case (.get, false), (.post, true): break
        case (.head, false): arguments.append("--head")
        default: arguments += ["-X", Self.quote(prepared.method.rawValue)]
        }
        for (key, value) in prepared.headers where key != .contentLength {
            // With -F curl writes its own multipart Content-Type, boundary included.
            if formParts != nil && key == .contentType { continue }
            arguments += ["-H", Self.quote("\(key.rawValue): \(value)")]
        }
        if let formParts {
            arguments += formParts
        } else if let file = prepared.bodyFile {
            // curl reads the file itself, as the upload does.
            arguments += ["--data-binary", "@" + Self.quote(file.path)]
        } else if let body = prepared.body, !body.isEmpty {
            if let text = String(data: body, encoding: .utf8), Self.isPrintable(text) {
                arguments += ["--data-binary", Self.quote(text)]
            } else {
                arguments += ["--data-binary", "@-"]
                pipedBody = body
            }
        }
        let command = (["curl", Self.quote(prepared.url.absoluteString)] + arguments).joined(separator: " ")
            .replacingOccurrences(of: " -H ", with: " \\\n  -H ")
            .replacingOccurrences(of: " --data-binary ", with: " \\\n  --data-binary ")
            .replacingOccurrences(of: " -F ", with: " \\\n  -F ")
            .replacingOccurrences(of: " --form-string ", with: " \\\n  --form-string ")
        text = pipedBody.map { "printf '\(Self.printfEscaped($0))' | \(command)" } ?? command
    }

    /// Single-quotes `text` for a POSIX shell.
    static func quote(_ text: String) -> String {
        "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }

    /// `-F` arguments when every part can be expressed as a form field or a file on disk.
    private static func formArguments(_ body: MultipartBody) -> [String]? {
        var arguments: [String] = []
        for part in body.parts {
            switch part {
            case .field(let name, let value):
                guard !name.contains("=") else { return nil }
                arguments += ["--form-string", quote("\(name)=\(value)")]
            case .file(let name, let fileName, let mime, .file(let url)):
                guard !name.contains("=") else { return nil }
                let spec = "\(name)=@\(formQuoted(url.path));type=\(mime);filename=\(formQuoted(fileName))"
                arguments += ["-F", quote(spec)]
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
            case UInt8(ascii: "'"): out += "'\\''"
            case 0x20...0x7E: out.unicodeScalars.append(UnicodeScalar(byte))
            default:
                let octal = String(byte, radix: 8)
                out += "\\" + String(repeating: "0", count: 3 - octal.count) + octal
            }
        }
        return out
    }
}
