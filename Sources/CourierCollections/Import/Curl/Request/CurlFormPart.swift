/// One `-F` / `--form-string` part, read with curl's rules: `name=value`, `name=@file` (a file
/// part), `name=<file` (a text part holding the file's content), then `;type=`, `;filename=`,
/// `;headers=` parameters; a value or parameter that starts with `"` is quoted, `\"` and `\\`
/// escaped inside, so it may hold `;`.
struct CurlFormPart: Equatable {
    enum Content: Equatable {
        case text(String)
        case file(String)
        case textFromFile(String)
    }

    var name: String
    var content: Content
    var type: String?
    var filename: String?
    /// Parameters curl understands that a request file cannot hold (`headers=`, `encoder=`), and unknown ones curl skips.
    var dropped: [String] = []

    /// Reads a `-F` value; `literal` for `--form-string`, whose value is never parsed.
    /// - Throws: When there is no `=` or no name before it.
    static func parse(_ spec: String, literal: Bool) throws(CurlImporter.ImportError) -> CurlFormPart {
        guard let equals = spec.firstIndex(of: "=") else {
            throw CurlImporter.ImportError(description: "the form part '\(spec)' has no '=' between its name and value")
        }
        let name = String(spec[..<equals])
        // A request file's multipart part needs a name; saved without one it would not load.
        guard !name.isEmpty else { throw CurlImporter.ImportError(description: "the form part '\(spec)' has no name before '='") }
        let rest = Array(spec[spec.index(after: equals)...].unicodeScalars)
        if literal { return CurlFormPart(name: name, content: .text(String(String.UnicodeScalarView(rest)))) }
        var reader = ParameterReader(scalars: rest)
        let content: Content
        switch rest.first {
        case "@":
            reader.index = 1
            content = .file(reader.word())
        case "<":
            reader.index = 1
            content = .textFromFile(reader.word())
        default:
            content = .text(reader.word())
        }
        var part = CurlFormPart(name: name, content: content)
        while let parameter = reader.parameter() {
            switch parameter.key.lowercased() {
            case "type": part.type = parameter.value
            case "filename": part.filename = parameter.value
            default: part.dropped.append(parameter.key.isEmpty ? parameter.value : "\(parameter.key)=\(parameter.value)")
            }
        }
        return part
    }
}

/// Walks `value;key=value;…` as curl's form parser does.
private struct ParameterReader {
    let scalars: [Unicode.Scalar]
    var index = 0

    /// A word up to the next `;`: quoted when it starts with `"` (anything after the closing quote
    /// up to `;` is dropped, as curl does).
    mutating func word() -> String {
        var text = String.UnicodeScalarView()
        if index < scalars.count, scalars[index] == "\"" {
            index += 1
            while index < scalars.count, scalars[index] != "\"" {
                if scalars[index] == "\\", index + 1 < scalars.count, scalars[index + 1] == "\"" || scalars[index + 1] == "\\" { index += 1 }
                text.append(scalars[index])
                index += 1
            }
            while index < scalars.count, scalars[index] != ";" { index += 1 }
            return String(text)
        }
        while index < scalars.count, scalars[index] != ";" {
            text.append(scalars[index])
            index += 1
        }
        return String(text)
    }

    /// The next `;key=value`, blanks before the key skipped; nil at the end.
    mutating func parameter() -> (key: String, value: String)? {
        guard index < scalars.count, scalars[index] == ";" else { return nil }
        index += 1
        while index < scalars.count, scalars[index] == " " || scalars[index] == "\t" { index += 1 }
        var key = String.UnicodeScalarView()
        while index < scalars.count, scalars[index] != "=", scalars[index] != ";" {
            key.append(scalars[index])
            index += 1
        }
        guard index < scalars.count, scalars[index] == "=" else { return (String(key), "") }
        index += 1
        return (String(key), word())
    }
}
