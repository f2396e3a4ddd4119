import CourierJSON
import Foundation

/// Reshapes a JSON body before it is decoded, for example to unwrap `{"data": …}`.
public protocol ResponseJsonConverter: Sendable {
    /// Converts a parsed JSON value (`[String: Any]`, `[Any]`, `String`, `NSNumber`, `NSNull`).
    func convertedJson(from json: Any) throws -> Any
    /// Converts the raw body. The default parses, calls `convertedJson(from:)` and serializes again;
    /// converters that can work on bytes (like `KeyPathResponseConverter`) override it.
    func convertedData(from data: Data) throws -> Data
}

extension ResponseJsonConverter {
    public func convertedData(from data: Data) throws -> Data {
        let json = try JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])
        let converted = try convertedJson(from: json)
        guard JSONSerialization.isValidJSONObject(converted) || converted is String || converted is NSNumber || converted is NSNull else {
            throw ConverterError(message: "the converter returned a \(type(of: converted)), which is not JSON")
        }
        return try JSONSerialization.data(withJSONObject: converted, options: [.fragmentsAllowed, .sortedKeys])
    }
}

/// A converter failed; the message says where.
public struct ConverterError: Error, Sendable, CustomStringConvertible {
    public let message: String
    public init(message: String) { self.message = message }
    public var description: String { message }
}

/// Picks the node at a path such as `data/items/0/name` (keys and array indices).
/// On raw bodies it scans the bytes and copies only the selected value.
public struct KeyPathResponseConverter: ResponseJsonConverter {
    /// The path, `/`-separated.
    public let path: String
    private let keyPath: JSONKeyPath

    public init(path: String) {
        self.path = path
        self.keyPath = JSONKeyPath(path)
    }

    public func convertedData(from data: Data) throws -> Data {
        do {
            return try JSONLookup.value(at: keyPath, in: data)
        } catch {
            throw ConverterError(message: "key path \"\(path)\": \(error)")
        }
    }

    public func convertedJson(from json: Any) throws -> Any {
        var node = json
        var walked: [String] = []
        for component in keyPath.components {
            if let object = node as? [String: Any], let next = object[component] {
                node = next
            } else if let array = node as? [Any], let index = Int(component), array.indices.contains(index) {
                node = array[index]
            } else {
                let at = walked.isEmpty ? "the root" : "\"\(walked.joined(separator: "/"))\""
                throw ConverterError(message: "key path \"\(path)\": nothing at \"\(component)\" under \(at)")
            }
            walked.append(component)
        }
        return node
    }
}

/// A converter given as a closure over the parsed JSON.
public struct ClosureResponseConverter: ResponseJsonConverter {
    private let closure: @Sendable (Any) throws -> Any

    public init(_ closure: @escaping @Sendable (Any) throws -> Any) { self.closure = closure }

    public func convertedJson(from json: Any) throws -> Any { try closure(json) }
}
