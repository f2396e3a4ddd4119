import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A request resolved against its endpoint: the exact URL, ordered headers and body bytes. Both the
/// transport and the cURL exporter start from this, so the two cannot disagree.
struct PreparedRequest: Sendable {
    let url: URL
    let method: HTTPMethod
    var headers: RequestHeaders
    let body: Data?
    /// Set for multipart requests, so the cURL exporter can use `-F`.
    let multipart: MultipartBody?
    let timeout: TimeInterval?
    /// A large multipart body, written to a temporary file and uploaded from it.
    var spooled: SpooledBody? = nil
    /// A `.file` body, uploaded from the file itself.
    var bodyFile: URL? = nil
    var bodyFileLength: Int64 = 0

    /// What the transport sends.
    var transferBody: TransferBody? {
        if let spooled { return .file(spooled.url, length: spooled.length) }
        if let bodyFile { return .file(bodyFile, length: bodyFileLength) }
        return body.map(TransferBody.data)
    }

    var urlRequest: URLRequest {
        var request = URLRequest(url: url)
        request.httpMethod = method.rawValue
        for (key, value) in headers { request.addValue(value, forHTTPHeaderField: key.rawValue) }
        request.httpBody = body
        if let timeout {
            // Linux truncates fractional timeouts (0.5 s fails at once); the pipeline enforces the
            // real deadline, so the session's own timer only needs to be no shorter.
            request.timeoutInterval = timeout.rounded(.up) + 1
        }
        return request
    }

    /// Courier's User-Agent; libcurl's default names the process and "unknown version".
    static let userAgent = "Courier/1.0 (Swift; \(PreparedRequest.platform))"

    private static var platform: String {
        #if os(Linux)
        return "Linux"
        #else
        return "Darwin"
        #endif
    }
}

extension Endpoint {
    func prepare<T: Request>(_ request: T) throws(RequestBuildError) -> PreparedRequest {
        let url = try URLBuilder.url(base: baseUrl, path: request.path, query: request.queryParams)
        var headers = self.headers.merging(request.headers)
        var body: Data?
        var multipart: MultipartBody?
        var spooled: SpooledBody?
        var bodyFile: URL?
        var bodyFileLength: Int64 = 0
        if let multipartRequest = request as? any MultipartFormDataRequest {
            let layout = if let parts = multipartRequest.parts {
                MultipartBody(parts: parts)
            } else {
                MultipartBody(fields: try Self.textFields(of: request.body), files: multipartRequest.files)
            }
            headers.contentType = layout.contentType
            // Large (or unknown-size) bodies go to a temporary file, so memory stays flat whatever the upload.
            if (layout.knownLength ?? .max) > multipartSpoolThreshold {
                spooled = try layout.spool(in: spoolDirectory)
            } else {
                body = try layout.encoded()
            }
            multipart = layout
        } else if case .file(let url)? = request.body {
            if headers[.contentType] == nil { headers.contentType = RequestBody.file(url).defaultContentType }
            bodyFile = url
            bodyFileLength = try Self.readableSize(of: url)
        } else if let requestBody = request.body {
            if headers[.contentType] == nil { headers.contentType = requestBody.defaultContentType }
            body = try requestBody.encoded(contentType: headers.contentType)
        }
        if headers[.userAgent] == nil { headers[.userAgent] = PreparedRequest.userAgent }
        // URLSession drops such a header without a word and a cURL export would send it as two: refuse it.
        for (key, value) in headers {
            if let reason = RequestHeaders.problem(withValue: value) { throw .invalidHeader(name: key.rawValue, reason: reason) }
        }
        if let user = url.user, headers[.authorization] == nil {
            headers.authToken = .basic(username: user.removingPercentEncoding ?? user,
                                       password: url.password?.removingPercentEncoding ?? url.password ?? "")
        }
        return PreparedRequest(url: url, method: request.method, headers: headers, body: body, multipart: multipart,
                               timeout: request.timeout, spooled: spooled, bodyFile: bodyFile, bodyFileLength: bodyFileLength)
    }

    /// The text fields of a multipart request: its `.params` (sorted by name) or `.form` body.
    private static func textFields(of body: RequestBody?) throws(RequestBuildError) -> [(String, String)] {
        switch body {
        case nil: return []
        case .params(let parameters)?:
            return try parameters.sorted { $0.key < $1.key }.map { key, value throws(RequestBuildError) in
                (key, try FormEncoding.text(of: value, at: "body.\(key)"))
            }
        case .form(let fields)?: return fields
        default: throw .unencodableBody("a multipart request takes its text fields from .params or .form, not \(String(describing: body))")
        }
    }
}

/// Resolves a path and query against a base URL.
enum URLBuilder {
    static func url(base: URL, path: String, query: [(String, String)]) throws(RequestBuildError) -> URL {
        let text: String
        if path.contains("://") {
            text = path
        } else {
            var baseText = base.absoluteString
            while baseText.hasSuffix("/") { baseText.removeLast() }
            let trimmed = path.drop { $0 == "/" }
            text = trimmed.isEmpty ? baseText : "\(baseText)/\(trimmed)"
        }
        guard var components = URLComponents(string: text) else {
            let scheme = text.split(separator: ":").first.map { $0.lowercased() } ?? ""
            if !["http", "https"].contains(scheme) { throw .invalidURL(text, reason: "it needs an http:// or https:// scheme") }
            throw .invalidURL(text, reason: "it contains characters that are not allowed in a URL; percent-encode them")
        }
        guard let scheme = components.scheme?.lowercased(), ["http", "https"].contains(scheme) else {
            throw .invalidURL(text, reason: "it needs an http:// or https:// scheme")
        }
        guard let host = components.host, !host.isEmpty else {
            throw .invalidURL(text, reason: "it has no host")
        }
        if !query.isEmpty {
            let extra = FormEncoding.encode(query)
            components.percentEncodedQuery = components.percentEncodedQuery.map { "\($0)&\(extra)" } ?? extra
        }
        guard let url = components.url else { throw .invalidURL(text, reason: "Foundation could not form a URL from it") }
        return url
    }
}

extension Endpoint {
    /// The size of a file that is about to be uploaded, or why it cannot be.
    static func readableSize(of url: URL) throws(RequestBuildError) -> Int64 {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder) else {
            throw .unreadableFile(path: url.path, reason: "no such file")
        }
        guard !isFolder.boolValue, FileManager.default.isReadableFile(atPath: url.path),
              let size = (try? FileManager.default.attributesOfItem(atPath: url.path)[.size] as? NSNumber)?.int64Value else {
            throw .unreadableFile(path: url.path, reason: isFolder.boolValue ? "it is a folder" : "permission denied")
        }
        return size
    }
}
