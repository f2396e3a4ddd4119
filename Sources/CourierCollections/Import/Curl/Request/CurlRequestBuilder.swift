import Courier
import Foundation

/// Builds the request file a curl command stands for, once its options are gathered.
struct CurlRequestBuilder {
    var state: CurlRequestState
    let input: CurlStandardInput
    /// Reads a file the command names, relative to where curl runs; for content curl transforms
    /// before sending, which a file reference cannot express.
    let readFile: (String) throws(CurlImporter.ImportError) -> String
    /// A file reference made absolute: curl reads it relative to where it runs, the saved
    /// request must not depend on that.
    let reference: (String) -> String

    func build() throws(CurlImporter.ImportError) -> CurlImport {
        var warnings = state.warnings
        guard let urlWord = state.urls.first else { throw CurlImporter.ImportError(description: "the command has no URL") }
        if state.urls.count > 1 {
            let urls = state.urls.map { "'\($0.text)'" }.joined(separator: ", ")
            throw CurlImporter.ImportError(description: "the command names \(state.urls.count) URLs (\(urls)); curl sends a request to each, and a request file holds one: import them one at a time")
        }
        var request = RequestDefinition()
        let copy = CopyingReader(read: readFile)
        var data = try state.data.map { piece throws(CurlImporter.ImportError) in try piece.resolvingStandardInput(input) }
        let strippedFiles = data.compactMap { piece in
            if case .file(let path, stripsNewlines: true) = piece { return path }
            return nil
        }
        try place(url: urlWord.withEnvironmentTemplates, data: &data, copy: copy, into: &request)
        request.headers = state.headers
        request.timeout = state.timeout
        request.connection = state.connection
        if let user = state.proxyUser, let proxy = state.connection.proxy {
            // A proxy URL's user and password, encoded as such a URL needs them.
            let parts = user.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
            let credentials = parts.map(ProxyServer.encodedUserInfo).joined(separator: ":")
            if let range = proxy.range(of: "://") {
                request.connection.proxy = proxy[..<range.upperBound] + credentials + "@" + proxy[range.upperBound...]
            } else {
                request.connection.proxy = "http://" + credentials + "@" + proxy
            }
        }
        try body(data: data, copy: copy, into: &request, warnings: &warnings)
        request.method = RequestDefinition.normalizedMethod(state.method ?? defaultMethod(hasBody: request.body != nil))
        if let mapped = CurlAuthMapping.auth(user: state.user, bearer: state.bearer, digest: state.usesDigest, headers: request.headers) {
            request.auth = mapped.auth
            if let warning = mapped.warning { warnings.append(warning) }
        }
        warnings += copy.copied.map { copiedWarning($0, stripped: strippedFiles) }
        warnings += state.variables.map { variable in
            "$\(variable.name) (in the \(variable.place)): the shell fills it in; saved as {{$env.\(variable.name)}}, taken from the environment when the request is sent"
        }
        return CurlImport(request: request, url: request.url ?? "", warnings: warnings)
    }

    /// Why a file's content, not a reference to it, is in the request; for `-d @file`, what keeps a reference.
    private func copiedWarning(_ path: String, stripped: [String]) -> String {
        guard stripped.contains(path) else {
            return "the content of \(path) was copied into the request: curl changes it before sending (joins or encodes it), which a file reference cannot say"
        }
        return "the content of \(path) was copied into the request with its CR and LF removed, as curl's -d @\(path) sends it; "
            + "a file reference (body: file:) would send the file as it is, as --data-binary @\(path) does (which keeps a reference)"
    }

    private func defaultMethod(hasBody: Bool) -> String {
        if state.head { return "HEAD" }
        if state.uploadFile != nil { return "PUT" }
        return hasBody ? "POST" : "GET"
    }

    /// Sets `url:` and `query:`; with `-G` the data moves into the query (and is used up).
    private func place(url text: String, data: inout [CurlDataPiece], copy: CopyingReader,
                       into request: inout RequestDefinition) throws(CurlImporter.ImportError) {
        var url = text.contains("://") ? text : "http://" + text
        let scheme = url[..<(url.range(of: "://")?.lowerBound ?? url.startIndex)].lowercased()
        guard scheme == "http" || scheme == "https" else {
            throw CurlImporter.ImportError(description: "'\(text)' is a \(scheme) URL; Courier sends HTTP and HTTPS requests only")
        }
        if let hash = url.firstIndex(of: "#") { url = String(url[..<hash]) }
        var pieces: [String] = []
        if let mark = url.firstIndex(of: "?") {
            pieces.append(String(url[url.index(after: mark)...]))
            url = String(url[..<mark])
        }
        if state.getData {
            pieces += try data.map { piece throws(CurlImporter.ImportError) in try piece.text(reading: copy.read) }
            data = []
        }
        pieces += try state.queryAdditions.map { piece throws(CurlImporter.ImportError) in
            try piece.resolvingStandardInput(input).text(reading: copy.read)
        }
        if let uploaded = state.uploadFile, uploaded != "-" {
            // curl names the uploaded file at the end of a URL with no path or one that ends in a slash.
            let afterScheme = url.range(of: "://").map { url[$0.upperBound...] } ?? Substring(url)
            if !afterScheme.contains("/") { url += "/" }
            if url.hasSuffix("/") { url += URL(fileURLWithPath: uploaded).lastPathComponent }
        }
        // An empty piece (a trailing '&') carries nothing.
        let query = pieces.joined(separator: "&").split(separator: "&").map(String.init)
        if let fields = CurlQuery.fields(query) {
            request.query = fields
            request.url = url
        } else {
            // Entries that would not be sent back byte for byte stay in the URL as written.
            request.url = url + "?" + query.joined(separator: "&")
        }
    }

    private func body(data: [CurlDataPiece], copy: CopyingReader, into request: inout RequestDefinition,
                      warnings: inout [String]) throws(CurlImporter.ImportError) {
        if !state.form.isEmpty {
            guard data.isEmpty, state.uploadFile == nil else {
                throw CurlImporter.ImportError(description: "the command mixes -F with -d or -T; curl refuses that (\"You can only select one HTTP request method\")")
            }
            request.body = .multipart(try CurlMultipart.fields(state.form, copy: copy, warnings: &warnings).map { field in
                var field = field
                field.file = field.file.map(reference)
                return field
            })
            request.headers = CurlMultipart.withoutContentType(request.headers, warnings: &warnings)
            return
        }
        if let upload = state.uploadFile {
            guard data.isEmpty else { throw CurlImporter.ImportError(description: "the command sends both -T and -d data; import one of them") }
            let source = try upload == "-" ? input.content() : .file(upload)
            switch source {
            case .file(let path): request.body = .file(reference(path))
            case .text(let text): request.body = .text(text)
            }
            if !hasHeader("content-type") {
                warnings.append("-T: curl sends the file with no Content-Type; Courier names one from the file's extension")
            }
            return
        }
        guard !data.isEmpty else { return }
        addDefaultHeaders(to: &request)
        if data.count == 1, case .file(let path, stripsNewlines: false) = data[0] {
            request.body = .file(reference(path))
            return
        }
        let text = try data.map { piece throws(CurlImporter.ImportError) in try piece.text(reading: copy.read) }.joined(separator: state.isJSON ? "" : "&")
        let contentType = request.headers.last { $0.name.lowercased() == "content-type" }?.value.lowercased() ?? ""
        // JSON only when it is written back byte for byte; anything else stays the text curl sends.
        if contentType.contains("json"), let value = try? JSONValue.parse(text), (try? value.jsonText()) == text {
            request.body = .json(value)
        } else {
            request.body = .text(text)
        }
    }

    /// The Content-Type (and, for --json, Accept) curl adds to data, unless given or removed.
    private func addDefaultHeaders(to request: inout RequestDefinition) {
        let defaults = state.isJSON
            ? [Field(name: "Content-Type", value: "application/json"), Field(name: "Accept", value: "application/json")]
            : [Field(name: "Content-Type", value: "application/x-www-form-urlencoded")]
        for field in defaults where !hasHeader(field.name.lowercased()) && !state.removedHeaders.contains(field.name.lowercased()) {
            request.headers.append(field)
        }
    }

    private func hasHeader(_ lowercasedName: String) -> Bool {
        state.headers.contains { $0.name.lowercased() == lowercasedName }
    }
}

/// Reads files curl would transform, remembering which, for one warning each.
final class CopyingReader {
    private let reader: (String) throws(CurlImporter.ImportError) -> String
    private(set) var copied: [String] = []

    init(read: @escaping (String) throws(CurlImporter.ImportError) -> String) { reader = read }

    func read(_ path: String) throws(CurlImporter.ImportError) -> String {
        let content = try reader(path)
        if !copied.contains(path) { copied.append(path) }
        return content
    }
}

/// A query string as request-file entries, when every entry is sent back exactly as written.
enum CurlQuery {
    static func fields(_ pieces: [String]) -> [Field]? {
        var fields: [Field] = []
        for piece in pieces {
            guard let equals = piece.firstIndex(of: "=") else { return nil }
            let name = String(piece[..<equals])
            let value = String(piece[piece.index(after: equals)...])
            guard !name.isEmpty, let decodedName = roundTripped(name), let decodedValue = roundTripped(value) else { return nil }
            fields.append(Field(name: decodedName, value: decodedValue))
        }
        return fields
    }

    /// The decoded text when Courier's query encoding (unreserved characters kept) gives `text` back.
    private static func roundTripped(_ text: String) -> String? {
        guard let decoded = text.removingPercentEncoding,
              decoded.addingPercentEncoding(withAllowedCharacters: CurlDataPiece.unreserved) == text else { return nil }
        return decoded
    }
}
