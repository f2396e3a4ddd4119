/// How several values of one query parameter are written.
public enum ArrayEncoding: Sendable, Equatable {
    /// `filter=1&filter=2&filter=3` (the default).
    case individual
    /// `filter=1,2,3`.
    case commaSeparated
    /// `filter[]=1&filter[]=2&filter[]=3` (Rails, PHP).
    case brackets
}

/// Several values for one query parameter (seed 003).
///
/// ```swift
/// queryParams: ArrayParameter([1, 2, 3], arrayEncoding: .commaSeparated).queryParams(named: "filter")
/// ```
public struct ArrayParameter: Sendable, Equatable {
    public let values: [String]
    public let arrayEncoding: ArrayEncoding

    public init<Value: CustomStringConvertible>(_ values: [Value], arrayEncoding: ArrayEncoding = .individual) {
        self.values = values.map(\.description)
        self.arrayEncoding = arrayEncoding
    }

    /// The name/value pairs a request's `queryParams` takes; percent-encoding happens when the URL is built.
    public func queryParams(named name: String) -> [(String, String)] {
        switch arrayEncoding {
        case .individual: return values.map { (name, $0) }
        case .commaSeparated: return values.isEmpty ? [] : [(name, values.joined(separator: ","))]
        case .brackets: return values.map { (name + "[]", $0) }
        }
    }
}
