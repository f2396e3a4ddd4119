import Foundation

/// A type a response body decodes into. `Decodable` types get the conformance by declaring it;
/// `Data` receives the raw bytes, `String` the text, `EmptyResponse` accepts anything.
public protocol ResponseObject: Sendable {
    /// Builds the value from the (converted) body.
    /// - Throws: Any error; a `DecodingError` is reported with the JSON path that failed.
    static func mapped(from data: Data, decoder: JSONDecoder) throws -> Self
}

extension ResponseObject where Self: Decodable {
    public static func mapped(from data: Data, decoder: JSONDecoder) throws -> Self {
        try decoder.decode(Self.self, from: data)
    }
}

extension Data: ResponseObject {
    public static func mapped(from data: Data, decoder: JSONDecoder) throws -> Data { data }
}

extension String: ResponseObject {
    /// The body as UTF-8 text; fails on invalid UTF-8 rather than guessing.
    public static func mapped(from data: Data, decoder: JSONDecoder) throws -> String {
        guard let text = String(data: data, encoding: .utf8) else { throw BodyTextError.invalidUTF8(byteCount: data.count) }
        return text
    }
}

extension Array: ResponseObject where Element: ResponseObject & Decodable {}
extension Dictionary: ResponseObject where Key == String, Value: ResponseObject & Decodable {}
extension Int: ResponseObject {}
extension Double: ResponseObject {}
extension Bool: ResponseObject {}

/// For requests whose response body is irrelevant or empty (204 No Content).
public struct EmptyResponse: ResponseObject, Equatable {
    public init() {}
    public static func mapped(from data: Data, decoder: JSONDecoder) throws -> EmptyResponse { EmptyResponse() }
}

/// A body that should have been text was not valid UTF-8.
public enum BodyTextError: Error, CustomStringConvertible {
    case invalidUTF8(byteCount: Int)

    public var description: String {
        switch self {
        case .invalidUTF8(let count): return "the \(count)-byte body is not valid UTF-8 text"
        }
    }
}
