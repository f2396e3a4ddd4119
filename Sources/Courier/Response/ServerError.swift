import Foundation

/// The error a server returns in a 4xx/5xx body. `Decodable` types get decoding for free;
/// `String` takes the body as text and `Optional` tolerates a body that does not decode.
public protocol ServerError: Sendable {
    /// A human-readable message from the server.
    var message: String { get }
    /// Builds the error from the (converted) error body.
    static func mapped(from data: Data, decoder: JSONDecoder) throws -> Self
}

extension ServerError where Self: Decodable {
    public static func mapped(from data: Data, decoder: JSONDecoder) throws -> Self {
        try decoder.decode(Self.self, from: data)
    }
}

extension String: ServerError {
    public var message: String { self }
}

extension Optional: ServerError where Wrapped: ServerError {
    public var message: String { self?.message ?? "" }

    /// The wrapped error, or nil when the body does not decode as one.
    public static func mapped(from data: Data, decoder: JSONDecoder) throws -> Wrapped? {
        try? Wrapped.mapped(from: data, decoder: decoder)
    }
}
