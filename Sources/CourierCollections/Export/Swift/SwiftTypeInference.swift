/// `Codable` Swift types inferred from a JSON example: an object becomes a struct (nested inside
/// the one that holds it), an array `[T]` of what its elements share, a key missing from some
/// elements or null in some an optional, integers `Int` unless some element has a fraction
/// (`Double`), and keys that are not Swift identifiers get `CodingKeys`.
struct SwiftTypeInference {
    /// A type as inferred.
    indirect enum Shape: Equatable {
        case string, int, double, bool
        /// Only `null` was seen.
        case null
        /// An empty array: no element to learn from.
        case unknown
        case array(Shape)
        case object(ObjectShape)
        case optional(Shape)

        var isOptional: Bool {
            if case .optional = self { return true }
            return self == .null
        }

        var unwrapped: Shape {
            if case .optional(let inner) = self { return inner }
            return self
        }
    }

    /// The keys of an object in first-seen order, with their shapes.
    struct ObjectShape: Equatable {
        var keys: [(String, Shape)]

        static func == (lhs: ObjectShape, rhs: ObjectShape) -> Bool {
            lhs.keys.count == rhs.keys.count && zip(lhs.keys, rhs.keys).allSatisfy { $0.0 == $1.0 && $0.1 == $1.1 }
        }
    }

    /// The shape of one JSON value.
    static func shape(of value: JSONValue) -> Shape {
        switch value {
        case .null: return .null
        case .bool: return .bool
        case .string: return .string
        case .number(let text): return text.contains(where: { ".eE".contains($0) }) || Int(text) == nil ? .double : .int
        case .array(let items): return .array(items.map(shape(of:)).reduce(nil) { merged($0, $1) } ?? .unknown)
        case .object(let pairs): return .object(ObjectShape(keys: pairs.map { ($0.0, shape(of: $0.1)) }))
        }
    }

    /// What two values seen in the same place share.
    static func merged(_ first: Shape?, _ second: Shape) -> Shape {
        guard let first else { return second }
        switch (first, second) {
        case _ where first == second: return first
        case (.null, let other), (let other, .null): return other.isOptional ? other : .optional(other)
        case (.optional(let inner), let other), (let other, .optional(let inner)): return .optional(merged(inner, other.unwrapped))
        case (.int, .double), (.double, .int): return .double
        case (.unknown, .array), (.array, .unknown): return first == .unknown ? second : first
        case (.array(let a), .array(let b)): return .array(merged(a, b))
        case (.object(let a), .object(let b)): return .object(mergedObjects(a, b))
        // Values of different kinds: the first one's type, which the example shows most.
        default: return first
        }
    }

    /// The union of two objects' keys: a key one of them lacks is optional.
    private static func mergedObjects(_ a: ObjectShape, _ b: ObjectShape) -> ObjectShape {
        var keys: [(String, Shape)] = []
        for (key, shape) in a.keys {
            if let other = b.keys.first(where: { $0.0 == key })?.1 {
                keys.append((key, merged(shape, other)))
            } else {
                keys.append((key, shape.isOptional ? shape : .optional(shape)))
            }
        }
        for (key, shape) in b.keys where !a.keys.contains(where: { $0.0 == key }) {
            keys.append((key, shape.isOptional ? shape : .optional(shape)))
        }
        return ObjectShape(keys: keys)
    }
}
