import Foundation

/// Turns a response body into the endpoint's `Response` type. `Sendable`: it runs on the thread
/// the response arrives on.
public protocol ResponseDecoder: Sendable {
    /// Decodes `data` as `T`.
    /// - Throws: Whatever the decoding throws; the service reports it as `DataTransferError.parsing`.
    func decode<T: Decodable>(_ data: Data) throws -> T
}

/// Decodes JSON with a `JSONDecoder`.
public final class JSONResponseDecoder: ResponseDecoder {
    private let jsonDecoder: JSONDecoder

    /// Creates a decoder; pass a configured `JSONDecoder` for dates or key strategies.
    public init(jsonDecoder: JSONDecoder = JSONDecoder()) {
        self.jsonDecoder = jsonDecoder
    }

    /// Decodes `data` as JSON.
    /// - Throws: The `DecodingError` that says where the body did not fit `T`.
    public func decode<T: Decodable>(_ data: Data) throws -> T {
        try jsonDecoder.decode(T.self, from: data)
    }
}

/// Hands the body over as it is: for endpoints whose `Response` is `Data`.
public final class RawDataResponseDecoder: ResponseDecoder {
    /// Creates the decoder.
    public init() {}

    private enum CodingKeys: String, CodingKey {
        case `default` = ""
    }

    /// The body itself when `T` is `Data`.
    /// - Throws: `DecodingError.typeMismatch` for any other `T`.
    public func decode<T: Decodable>(_ data: Data) throws -> T {
        guard let data = data as? T else {
            let context = DecodingError.Context(codingPath: [CodingKeys.default],
                                                debugDescription: "RawDataResponseDecoder decodes only Data, not \(T.self)")
            throw DecodingError.typeMismatch(T.self, context)
        }
        return data
    }
}
