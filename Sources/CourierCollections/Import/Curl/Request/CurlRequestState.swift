import Courier
import Foundation

/// What a curl command's options say about the request, gathered in order before it is built.
struct CurlRequestState {
    var urls: [ShellWord] = []
    /// `-X`, verbatim: methods are case-sensitive.
    var method: String?
    var headers: [Field] = []
    /// Headers removed with `-H 'Name:'`, lowercased.
    var removedHeaders: Set<String> = []
    var data: [CurlDataPiece] = []
    var isJSON = false
    var queryAdditions: [CurlDataPiece] = []
    var form: [CurlFormPart] = []
    var user: String?
    /// `--oauth2-bearer`'s token.
    var bearer: String?
    var usesDigest = false
    var getData = false
    var head = false
    var uploadFile: String?
    var timeout: Double?
    /// `-k`, `--cacert`, `--cert`, `--key`, `-x`, `--noproxy`, `--http1.1`, `--http2-prior-knowledge`:
    /// the request's connection keys.
    var connection = ConnectionDefinition()
    /// `--proxy-user`, put into the proxy URL once the command is read (it may come first).
    var proxyUser: String?
    var warnings: [String] = []
    /// `$NAME` variables met, with where, for one warning each.
    var variables: [(name: String, place: String)] = []

    /// Applies one option.
    mutating func apply(_ option: CurlOption, spelling: String, value word: ShellWord?, negated: Bool) throws(CurlImporter.ImportError) {
        guard let word else { return flag(option, spelling: spelling, negated: negated) }
        note(word, as: "\(spelling) value")
        let value = word.withEnvironmentTemplates
        let said = "\(spelling) \(ShellQuote.quoteIfNeeded(word.text))"
        if let piece = CurlDataPiece.piece(option.long, value) {
            data.append(piece)
            if option.long == "json" { isJSON = true }
            return
        }
        switch option.long {
        case "request":
            guard RequestDefinition.isMethodName(value) else {
                throw CurlImporter.ImportError(description: "\(spelling) takes a method, found '\(value)': \(RequestDefinition.methodNameRule)")
            }
            method = value
            if RequestDefinition.normalizedMethod(value) != value {
                warnings.append("\(said): curl sends the method as written; a request file writes standard methods in capitals, so it is saved as \(value.uppercased())")
            }
        case "header": try header(value, said: said)
        case "user-agent": headers.append(Field(name: "User-Agent", value: value))
        case "referer":
            // ";auto" asks curl to update the referer on redirects; the rest is the header.
            let referer = value.hasSuffix(";auto") ? String(value.dropLast(5)) : value
            if !referer.isEmpty { headers.append(Field(name: "Referer", value: referer)) }
        case "cookie":
            if value.contains("=") {
                headers.append(Field(name: "Cookie", value: value))
            } else {
                warnings.append("\(said) ignored: it names a cookie file, which is not imported (Courier keeps its own cookie jar)")
            }
        case "user": user = value
        case "url": urls.append(word)
        case "url-query": queryAdditions.append(value.hasPrefix("+") ? .text(String(value.dropFirst())) : CurlDataPiece.urlencoded(value))
        case "form": form.append(try CurlFormPart.parse(value, literal: false))
        case "form-string": form.append(try CurlFormPart.parse(value, literal: true))
        case "max-time":
            // A request file's timeout is a number of seconds above 0; curl's 0 means none.
            if let seconds = Double(value), seconds.isFinite, seconds > 0 { timeout = seconds } else {
                warnings.append("\(said) ignored: a timeout is a number of seconds above 0")
            }
        case "upload-file": uploadFile = value
        case "cacert": connection.caCert = value
        case "cert":
            // curl's `--cert FILE:PASSPHRASE`: an encrypted key has no key in a request file.
            if let colon = value.lastIndex(of: ":"), !value[value.index(after: colon)...].contains("/") {
                connection.clientCert = String(value[..<colon])
                warnings.append("\(spelling) FILE:PASSPHRASE: the passphrase is left out; give clientKey an unencrypted key")
            } else {
                connection.clientCert = value
            }
        case "key": connection.clientKey = value
        case "proxy": connection.proxy = value
        case "socks5", "socks5-hostname": connection.proxy = "socks5://" + value
        case "proxy-user": proxyUser = value
        case "noproxy": connection.noProxy = ProxySettings.hosts(in: value)
        case "oauth2-bearer": bearer = value
        // curl makes a lone start ("600") an open range ("600-").
        case "range": headers.append(Field(name: "Range", value: "bytes=\(value)" + (value.contains("-") ? "" : "-")))
        default: warnings.append("\(said) ignored: \(CurlIgnoredOptions.reason(for: option.long))")
        }
    }

    /// A switch (an option without a value).
    private mutating func flag(_ option: CurlOption, spelling: String, negated: Bool) {
        switch option.long {
        case "get": getData = !negated
        case "head": head = !negated
        case "digest": usesDigest = !negated
        case "insecure": connection.insecure = negated ? nil : true
        case "http1.1": connection.httpVersion = negated ? nil : "1.1"
        case "http2-prior-knowledge":
            guard !negated else { return }
            connection.httpVersion = "2"
            warnings.append("\(spelling) kept as httpVersion: \"2\", which courier refuses to send: AsyncHTTPClient cannot force HTTP/2 " +
                            "(remove the key to let the server choose, as curl does without the flag)")
        case "basic": if !negated { usesDigest = false }
        case "next":
            // Handled by the importer before options are applied; kept for completeness.
            warnings.append("\(spelling) ignored: only the first request of the command is imported")
        default:
            if negated { return }
            warnings.append("\(spelling) ignored: \(CurlIgnoredOptions.reason(for: option.long))")
        }
    }

    /// `-H 'Name: value'`, `-H 'Name;'` (an empty value), `-H 'Name:'` (no such header).
    private mutating func header(_ value: String, said: String) throws(CurlImporter.ImportError) {
        if value.hasPrefix("@") {
            warnings.append("\(said) ignored: headers read from a file are not imported; add them with -H")
            return
        }
        if let colon = value.firstIndex(of: ":") {
            let name = String(value[..<colon]).trimmingCharacters(in: .whitespaces)
            let rest = String(value[value.index(after: colon)...]).trimmingCharacters(in: .whitespaces)
            guard !name.isEmpty else { throw CurlImporter.ImportError(description: "the header '\(value)' has no name before ':'") }
            if rest.isEmpty {
                // curl removes a header of its own, or sends nothing.
                removedHeaders.insert(name.lowercased())
                headers.removeAll { $0.name.lowercased() == name.lowercased() }
            } else {
                headers.append(Field(name: name, value: rest))
            }
        } else if value.hasSuffix(";"), !value.dropLast().contains(";") {
            let name = String(value.dropLast()).trimmingCharacters(in: .whitespaces)
            guard !name.isEmpty else { throw CurlImporter.ImportError(description: "the header '\(value)' has no name before ';'") }
            headers.append(Field(name: name, value: ""))
        } else {
            throw CurlImporter.ImportError(description: "the header '\(value)' has no colon: write it 'Name: value' (or 'Name;' for an empty value)")
        }
    }

    /// Remembers the shell variables in `word`, to warn once about each.
    mutating func note(_ word: ShellWord, as place: String) {
        for name in word.variables where !variables.contains(where: { $0.name == name }) {
            variables.append((name, place))
        }
    }
}
