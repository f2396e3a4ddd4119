import Foundation

/// Turns an endpoint's parameters, from a dictionary or an `Encodable` value, into query fields
/// and body bytes.
enum ParameterEncoding {
    /// Name and text pairs, sorted by name: from `encodable` when set, else from `parameters`.
    static func fields(encodable: Encodable?, parameters: [String: Any]) throws -> [(String, String)] {
        if let encodable {
            return try object(of: encodable).sorted { $0.key < $1.key }.map { ($0.key, $0.value.text) }
        }
        return parameters.sorted { $0.key < $1.key }.map { ($0.key, text(of: $0.value)) }
    }

    /// The body bytes, or nil when there are no parameters.
    static func body(encodable: Encodable?, parameters: [String: Any], as encoding: BodyEncoding) throws -> Data? {
        switch encoding {
        case .stringEncodingAscii:
            let fields = try fields(encodable: encodable, parameters: parameters)
            return fields.isEmpty ? nil : Data(form(fields).utf8)
        case .jsonSerializationData:
            if let encodable {
                let object = try object(of: encodable)
                return object.isEmpty ? nil : try ParameterValue.encoder.encode(object)
            }
            guard !parameters.isEmpty else { return nil }
            // JSONSerialization traps on some platforms instead of throwing: check first.
            guard JSONSerialization.isValidJSONObject(parameters) else {
                throw RequestGenerationError.unencodable("the body parameters \(parameters.keys.sorted()) hold values that are not JSON")
            }
            return try JSONSerialization.data(withJSONObject: parameters, options: [.sortedKeys, .withoutEscapingSlashes])
        }
    }

    /// `name=value&…` with everything but RFC 3986's unreserved characters percent-encoded, so a
    /// `&`, `=` or `+` in a value arrives as itself.
    static func form(_ fields: [(String, String)]) -> String {
        fields.map { "\(escape($0.0))=\(escape($0.1))" }.joined(separator: "&")
    }

    private static let unreserved = CharacterSet(charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")

    private static func escape(_ text: String) -> String {
        text.addingPercentEncoding(withAllowedCharacters: unreserved) ?? text
    }

    /// A parameter value as text: strings as they are, `true`/`false`, numbers as Swift prints them.
    static func text(of value: Any) -> String {
        switch value {
        case let text as String: return text
        case let flag as Bool where type(of: value) == Bool.self: return flag ? "true" : "false"
        case let value as ParameterValue: return value.text
        default: return "\(value)"
        }
    }

    /// An `Encodable` value as the JSON object it encodes to.
    private static func object(of value: Encodable) throws -> [String: ParameterValue] {
        let data: Data
        do {
            data = try ParameterValue.encoder.encode(value)
        } catch {
            throw RequestGenerationError.unencodable("\(type(of: value)) could not be encoded (\(error))")
        }
        guard case .object(let object)? = try? JSONDecoder().decode(ParameterValue.self, from: data) else {
            throw RequestGenerationError.unencodable("\(type(of: value)) does not encode to a JSON object")
        }
        return object
    }
}

/// A JSON value, so `Encodable` parameters keep their types (a `true` stays a Bool, a `1` a number)
/// on every platform: Foundation on Linux reads JSON's `1` back as something that casts to `Bool`.
enum ParameterValue: Codable, Equatable {
    case null
    case bool(Bool)
    case integer(Int64)
    case number(Double)
    case string(String)
    case array([ParameterValue])
    case object([String: ParameterValue])

    static let encoder: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return encoder
    }()

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let flag = try? container.decode(Bool.self) {
            self = .bool(flag)
        } else if let integer = try? container.decode(Int64.self) {
            self = .integer(integer)
        } else if let number = try? container.decode(Double.self) {
            self = .number(number)
        } else if let text = try? container.decode(String.self) {
            self = .string(text)
        } else if let array = try? container.decode([ParameterValue].self) {
            self = .array(array)
        } else {
            self = .object(try container.decode([String: ParameterValue].self))
        }
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .null: try container.encodeNil()
        case .bool(let flag): try container.encode(flag)
        case .integer(let integer): try container.encode(integer)
        case .number(let number): try container.encode(number)
        case .string(let text): try container.encode(text)
        case .array(let array): try container.encode(array)
        case .object(let object): try container.encode(object)
        }
    }

    /// The value as a query or form field: scalars as text, `null` empty, arrays and objects as JSON.
    var text: String {
        switch self {
        case .null: return ""
        case .bool(let flag): return flag ? "true" : "false"
        case .integer(let integer): return "\(integer)"
        case .number(let number): return "\(number)"
        case .string(let text): return text
        case .array, .object:
            return (try? Self.encoder.encode(self)).map { String(decoding: $0, as: UTF8.self) } ?? ""
        }
    }
}
