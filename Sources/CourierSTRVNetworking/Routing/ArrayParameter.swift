import Foundation

/// How the values of an `ArrayParameter` are written into the URL.
public enum ArrayEncoding: Sendable, Equatable {
    /// `filter=1,2,3`.
    case commaSeparated
    /// `filter=1&filter=2&filter=3` (the default).
    case individual
}

/// Several values for one URL query parameter.
///
/// ```swift
/// var urlParameters: [String: Any]? {
///     ["filter": ArrayParameter([1, 2, 3], arrayEncoding: .individual)]
/// }
/// ```
public struct ArrayParameter: Sendable, Equatable {
    /// The values as they appear in the URL.
    public let values: [String]
    /// How the values are written.
    public let arrayEncoding: ArrayEncoding

    /// - Parameters:
    ///   - values: The values, each written as `String(describing:)` gives it.
    ///   - arrayEncoding: How they are written; `.individual` by default.
    public init(_ values: [Any], arrayEncoding: ArrayEncoding = .individual) {
        self.values = values.map { String(describing: $0) }
        self.arrayEncoding = arrayEncoding
    }

    /// The query items for parameter `name`.
    func queryItems(named name: String) -> [URLQueryItem] {
        switch arrayEncoding {
        case .individual: return values.map { URLQueryItem(name: name, value: $0) }
        case .commaSeparated: return values.isEmpty ? [] : [URLQueryItem(name: name, value: values.joined(separator: ","))]
        }
    }
}
