import Foundation

/// A request body and how it is encoded.
public enum RequestDataType {
    /// A value encoded as JSON (`Content-Type: application/json`).
    case encodable(any Encodable, encoder: JSONEncoder = JSONEncoder())
    /// Bytes sent as they are, with their content type.
    case custom(data: Data, contentType: String)

    /// The `Content-Type` the body is sent with.
    var contentType: String {
        switch self {
        case .encodable: return "application/json"
        case .custom(_, let contentType): return contentType
        }
    }
}
