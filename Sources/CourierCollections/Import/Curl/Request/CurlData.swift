import Foundation

/// One `-d`-family value of a curl command, as curl reads it.
enum CurlDataPiece: Equatable {
    /// Text sent as it is.
    case text(String)
    /// A file's content, read when the request is sent (`--data-binary @file`); with
    /// `stripsNewlines` curl drops every CR and LF from it (`-d @file`).
    case file(String, stripsNewlines: Bool)
    /// `--data-urlencode` of a file's content, after `name=` when there is a name.
    case encodedFile(String, name: String?)

    /// The piece for the long option `option`'s `value`, or nil when it is not a data option.
    static func piece(_ option: String, _ value: String) -> CurlDataPiece? {
        switch option {
        case "data", "data-ascii":
            return value.hasPrefix("@") ? .file(String(value.dropFirst()), stripsNewlines: true) : .text(value)
        case "data-binary", "json":
            return value.hasPrefix("@") ? .file(String(value.dropFirst()), stripsNewlines: false) : .text(value)
        case "data-raw":
            return .text(value)
        case "data-urlencode":
            return urlencoded(value)
        default:
            return nil
        }
    }

    /// curl's `--data-urlencode` forms: `content`, `=content`, `name=content`, `@file`, `name@file`.
    /// The name is sent as written; the content is percent-encoded with a space as `+`.
    static func urlencoded(_ value: String) -> CurlDataPiece {
        let equals = value.firstIndex(of: "=")
        if let at = value.firstIndex(of: "@"), equals.map({ at < $0 }) ?? true {
            let name = String(value[..<at])
            return .encodedFile(String(value[value.index(after: at)...]), name: name.isEmpty ? nil : name)
        }
        guard let equals else { return .text(escape(value)) }
        let name = String(value[..<equals])
        let content = escape(String(value[value.index(after: equals)...]))
        return .text(name.isEmpty ? content : "\(name)=\(content)")
    }

    /// Percent-encoding as curl's `--data-urlencode` does it: unreserved characters kept, a space as `+`.
    static func escape(_ text: String) -> String {
        (text.addingPercentEncoding(withAllowedCharacters: unreserved) ?? text).replacingOccurrences(of: "%20", with: "+")
    }

    /// RFC 3986's unreserved characters, which curl never encodes.
    static let unreserved = CharacterSet(charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")

    /// The piece with `@-` resolved against the command's standard input.
    /// - Throws: When the command reads standard input and none can be had.
    func resolvingStandardInput(_ input: CurlStandardInput) throws(CurlImporter.ImportError) -> CurlDataPiece {
        switch self {
        case .file("-", let strips):
            switch try input.content() {
            case .file(let path): return .file(path, stripsNewlines: strips)
            case .text(let text): return .text(strips ? Self.strippingNewlines(text) : text)
            }
        case .encodedFile("-", let name):
            switch try input.content() {
            case .file(let path): return .encodedFile(path, name: name)
            case .text(let text): return .text((name.map { "\($0)=" } ?? "") + Self.escape(text))
            }
        default:
            return self
        }
    }

    static func strippingNewlines(_ text: String) -> String {
        String(String.UnicodeScalarView(text.unicodeScalars.filter { $0 != "\r" && $0 != "\n" }))
    }

    /// The piece as text, reading a file curl would transform (strip, encode) at send time.
    /// - Parameter read: Reads a file named on the command line, relative to where curl runs.
    func text(reading read: (String) throws(CurlImporter.ImportError) -> String) throws(CurlImporter.ImportError) -> String {
        switch self {
        case .text(let text): return text
        case .file(let path, let strips):
            let content = try read(path)
            return strips ? Self.strippingNewlines(content) : content
        case .encodedFile(let path, let name):
            return (name.map { "\($0)=" } ?? "") + Self.escape(try read(path))
        }
    }
}

/// Where a command's `@-` reads from: what the pasted snippet redirects into it, or the
/// standard input of `courier import` itself.
struct CurlStandardInput {
    enum Content: Equatable {
        case file(String)
        case text(String)
    }

    /// The snippet's own redirection, if any.
    let redirection: ShellInput?
    /// Whether the snippet pipes another command's output into curl.
    let isPiped: Bool
    /// Reads the importer's own standard input, when it has one to give.
    let readOwn: (() -> String?)?

    func content() throws(CurlImporter.ImportError) -> Content {
        switch redirection {
        case .file(let word)?:
            guard !word.substitutesCommand else {
                throw CurlImporter.ImportError(description: "@- reads standard input from '\(word.text)', a file named by running a command, which importing does not do")
            }
            return .file(word.withEnvironmentTemplates)
        case .text(let text)?:
            return .text(text)
        case nil:
            guard !isPiped else {
                throw CurlImporter.ImportError(description: "@- reads standard input, which the snippet pipes from another command; save that command's output to a file and use @file")
            }
            guard let text = readOwn?() else {
                throw CurlImporter.ImportError(description: "@- reads the body from standard input: pipe it into courier import (… < body.txt)")
            }
            return .text(text)
        }
    }
}
