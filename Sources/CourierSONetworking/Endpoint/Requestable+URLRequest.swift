import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

extension Requestable {
    /// Prepares the request: the URL (base URL, path and query parameters), then the headers and
    /// the body. Parameters from dictionaries are written sorted by name, so the same endpoint
    /// always makes the same bytes.
    public func urlRequest(with config: NetworkConfigurable) throws -> URLRequest {
        var request = URLRequest(url: try url(with: config))
        request.httpMethod = method.rawValue
        var headers = config.headers
        for (name, value) in headerParamaters {
            // Header names compare without case: the endpoint's value replaces the configuration's.
            headers = headers.filter { $0.key.caseInsensitiveCompare(name) != .orderedSame }
            headers[name] = value
        }
        if let body = try ParameterEncoding.body(encodable: bodyParamatersEncodable, parameters: bodyParamaters, as: bodyEncoding) {
            request.httpBody = body
            if !headers.keys.contains(where: { $0.caseInsensitiveCompare("Content-Type") == .orderedSame }) {
                headers["Content-Type"] = bodyEncoding.contentType
            }
        }
        request.allHTTPHeaderFields = headers
        return request
    }

    /// The base URL and the path (or the path alone when `isFullPath`), with the endpoint's query
    /// parameters and then the configuration's ones it does not set itself. A query already in
    /// the path is kept.
    private func url(with config: NetworkConfigurable) throws -> URL {
        let text: String
        if isFullPath {
            text = path
        } else {
            var base = config.baseURL.absoluteString
            if !base.hasSuffix("/") { base += "/" }
            text = base + path.drop { $0 == "/" }
        }
        guard var components = URLComponents(string: text) else { throw RequestGenerationError.components }
        let own = try ParameterEncoding.fields(encodable: queryParametersEncodable, parameters: queryParameters)
        let shared = config.queryParameters.sorted { $0.key < $1.key }.filter { name, _ in !own.contains { $0.0 == name } }
        let fields = own + shared
        if !fields.isEmpty {
            let added = ParameterEncoding.form(fields)
            components.percentEncodedQuery = components.percentEncodedQuery.map { $0.isEmpty ? added : "\($0)&\(added)" } ?? added
        }
        guard let url = components.url, url.scheme != nil else { throw RequestGenerationError.components }
        return url
    }
}

extension BodyEncoding {
    /// The content type a body of this encoding is sent with unless the request names one.
    var contentType: String {
        switch self {
        case .jsonSerializationData: return "application/json"
        case .stringEncodingAscii: return "application/x-www-form-urlencoded"
        }
    }
}
