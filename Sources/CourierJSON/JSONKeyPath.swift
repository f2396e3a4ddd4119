/// A path into a JSON document such as `data/items/0/name`: object keys and array indices separated
/// by `/`. A numeric component indexes an array and names a key in an object.
public struct JSONKeyPath: Sendable, Hashable, CustomStringConvertible {
    /// The components in order; empty means the whole document.
    public let components: [String]

    /// Parses `data/items/0/name`; leading, trailing and doubled slashes are ignored.
    public init(_ path: String) {
        components = path.split(separator: "/", omittingEmptySubsequences: true).map(String.init)
    }

    public init(components: [String]) { self.components = components }

    public var description: String { components.joined(separator: "/") }
}

/// Why a key path does not lead to a value.
public enum JSONLookupError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The document is not valid JSON up to the value.
    case invalidJSON(JSONError)
    /// An object on the way has no such key.
    case missingKey(String, at: String)
    /// An array on the way is shorter than the index.
    case indexOutOfRange(Int, count: Int, at: String)
    /// A component tried to step into a string, number, boolean or null.
    case notAContainer(component: String, at: String)
    /// A component that is not a number met an array, which only indices reach into.
    case notAnIndex(component: String, at: String)

    public var description: String {
        switch self {
        case .invalidJSON(let error): return error.description
        case .missingKey(let key, let at): return "no key \"\(key)\" in the object at \(at.isEmpty ? "the root" : "\"\(at)\"")"
        case .indexOutOfRange(let index, let count, let at):
            return "index \(index) is past the end of the \(count)-element array at \(at.isEmpty ? "the root" : "\"\(at)\"")"
        case .notAContainer(let component, let at):
            return "cannot look up \"\(component)\": the value at \(at.isEmpty ? "the root" : "\"\(at)\"") is not an object or array"
        case .notAnIndex(let component, let at):
            return "cannot look up \"\(component)\": the value at \(at.isEmpty ? "the root" : "\"\(at)\"") is an array, reached by index (0, 1, …)"
        }
    }
}
