import Foundation

/// The body of a request.
public enum RequestBody: Sendable {
    /// Bytes sent as they are (`Content-Type` defaults to `application/octet-stream`).
    case raw(Data)
    /// Text sent as UTF-8 (`Content-Type` defaults to `text/plain; charset=utf-8`).
    case string(String)
    /// A JSON object built from parameters, keys sorted so the bytes are stable. Sent as a
    /// url-encoded form instead when the request's `Content-Type` says so.
    case params([String: any Sendable])
    /// Any `Encodable` value encoded with `JSONEncoder`.
    case json(any Encodable & Sendable)
    /// An `application/x-www-form-urlencoded` form; fields keep their order.
    case form([(String, String)])
    /// A file sent as it is, read while it uploads (`Content-Type` from its extension).
    case file(URL)
}

extension RequestBody {
    /// The content type a body implies when the request sets none.
    var defaultContentType: MimeType {
        switch self {
        case .raw: return .application(.octetStream)
        case .string: return .text(.plain).with(parameter: "charset", value: "utf-8")
        case .params, .json: return .application(.json)
        case .form: return .application(.formURLEncoded)
        case .file(let url): return MimeType(fileExtension: url.pathExtension) ?? .application(.octetStream)
        }
    }

    /// Encodes the body for the wire.
    /// - Parameter contentType: The request's content type; decides how `.params` are encoded.
    func encoded(contentType: MimeType?) throws(RequestBuildError) -> Data {
        switch self {
        case .raw(let data):
            return data
        case .string(let text):
            return Data(text.utf8)
        case .params(let parameters):
            if contentType?.essence == MimeType.application(.formURLEncoded).essence {
                let fields = try parameters.sorted { $0.key < $1.key }.map { key, value throws(RequestBuildError) in
                    (key, try FormEncoding.text(of: value, at: "body.\(key)"))
                }
                return Data(FormEncoding.encode(fields).utf8)
            }
            return try JSONParameters.encode(parameters)
        case .json(let value):
            do {
                return try JSONEncoder().encode(value)
            } catch {
                throw .unencodableBody("the JSON body could not be encoded: \(EncodingErrorText.describe(error))")
            }
        case .form(let fields):
            return Data(FormEncoding.encode(fields).utf8)
        case .file(let url):
            return try MultipartResource.file(url).readAll()
        }
    }
}

/// `application/x-www-form-urlencoded` and query-string encoding (RFC 3986 unreserved characters kept).
public enum FormEncoding {
    private static let unreserved = CharacterSet(charactersIn:
        "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")

    /// `text` with every character but the RFC 3986 unreserved ones percent-encoded.
    public static func escape(_ text: String) -> String {
        text.addingPercentEncoding(withAllowedCharacters: unreserved) ?? text
    }

    static func encode(_ fields: [(String, String)]) -> String {
        fields.map { "\(escape($0.0))=\(escape($0.1))" }.joined(separator: "&")
    }

    /// The text form of a scalar parameter value.
    static func text(of value: any Sendable, at path: String) throws(RequestBuildError) -> String {
        switch value {
        case let text as String: return text
        case let flag as Bool: return flag ? "true" : "false"
        case let number as any BinaryInteger: return "\(number)"
        case let number as Double: return "\(number)"
        default: throw .unencodableBody("\(path) is a \(type(of: value)), which has no form encoding")
        }
    }
}

/// Turns `[String: any Sendable]` into JSON, naming the first value that is not JSON.
enum JSONParameters {
    static func encode(_ parameters: [String: any Sendable]) throws(RequestBuildError) -> Data {
        let object = try jsonObject(parameters, at: "body")
        do {
            return try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys, .withoutEscapingSlashes])
        } catch {
            throw .unencodableBody("the parameters could not be serialized as JSON: \(error.localizedDescription)")
        }
    }

    /// Checks every value before `JSONSerialization` sees it: on some platforms it traps instead of throwing.
    private static func jsonObject(_ value: Any, at path: String) throws(RequestBuildError) -> Any {
        switch value {
        case is String, is Bool, is NSNull:
            return value
        case let number as Double:
            guard number.isFinite else { throw .unencodableBody("\(path) is \(number), which JSON cannot represent") }
            return number
        case let number as Float:
            guard number.isFinite else { throw .unencodableBody("\(path) is \(number), which JSON cannot represent") }
            return Double(number)
        case is any BinaryInteger, is Decimal:
            return value
        case let dictionary as [String: Any]:
            var result: [String: Any] = [:]
            for (key, nested) in dictionary { result[key] = try jsonObject(nested, at: "\(path).\(key)") }
            return result
        case let array as [Any]:
            var result: [Any] = []
            for (index, nested) in array.enumerated() { result.append(try jsonObject(nested, at: "\(path)[\(index)]")) }
            return result
        case Optional<Any>.none:
            return NSNull()
        default:
            if let optional = value as? OptionalProtocol { return try optional.unwrappedJSON(at: path) }
            throw .unencodableBody("\(path) is a \(type(of: value)), which is not a JSON value (use .json(_:) for Encodable types)")
        }
    }

    fileprivate static func unwrap(_ value: Any?, at path: String) throws(RequestBuildError) -> Any {
        guard let value else { return NSNull() }
        return try jsonObject(value, at: path)
    }
}

/// Lets the parameter walker see through optionals of any wrapped type.
private protocol OptionalProtocol {
    func unwrappedJSON(at path: String) throws(RequestBuildError) -> Any
}

extension Optional: OptionalProtocol {
    fileprivate func unwrappedJSON(at path: String) throws(RequestBuildError) -> Any {
        try JSONParameters.unwrap(self.map { $0 as Any }, at: path)
    }
}

/// Readable text for `EncodingError` and `DecodingError`.
enum EncodingErrorText {
    static func describe(_ error: any Error) -> String {
        switch error {
        case EncodingError.invalidValue(let value, let context):
            return "\(CodingPathText.format(context.codingPath)): \(type(of: value)) value \(value) is invalid (\(context.debugDescription))"
        default:
            return String(describing: error)
        }
    }
}

/// Formats a coding path as `data.items[0].name`.
enum CodingPathText {
    static func format(_ path: [any CodingKey]) -> String {
        guard !path.isEmpty else { return "the top level" }
        var text = ""
        for key in path {
            if let index = key.intValue { text += "[\(index)]" } else { text += text.isEmpty ? key.stringValue : ".\(key.stringValue)" }
        }
        return text
    }
}
