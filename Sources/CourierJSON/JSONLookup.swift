import Foundation

/// Validation and key-path lookup on raw JSON bytes, without building a tree.
public enum JSONLookup {
    /// Checks that `data` holds exactly one JSON value (whitespace around it allowed).
    /// - Throws: `JSONError` with the line and column of the first problem.
    public static func validate(_ data: Data) throws(JSONError) {
        let result: Result<Void, JSONError> = data.withUnsafeBytes { bytes in
            var scanner = JSONScanner(bytes)
            do throws(JSONError) {
                try scanner.skipValue()
                scanner.skipWhitespace()
                guard scanner.isAtEnd else { return .failure(scanner.failure("unexpected content after the JSON value")) }
                return .success(())
            } catch {
                return .failure(error)
            }
        }
        try result.get()
    }

    /// The bytes of the value at `path` inside `data`.
    /// - Parameters:
    ///   - path: Keys and indices to follow; an empty path returns the whole value.
    ///   - data: A UTF-8 JSON document.
    /// - Returns: The exact bytes of the value, as they appear in `data`.
    /// - Throws: `JSONLookupError` naming the component that could not be followed.
    public static func value(at path: JSONKeyPath, in data: Data) throws(JSONLookupError) -> Data {
        let range = try range(of: path, in: data)
        return data.subdata(in: (data.startIndex + range.lowerBound)..<(data.startIndex + range.upperBound))
    }

    /// The byte range (relative to the start of `data`) of the value at `path`.
    public static func range(of path: JSONKeyPath, in data: Data) throws(JSONLookupError) -> Range<Int> {
        let result: Result<Range<Int>, JSONLookupError> = data.withUnsafeBytes { bytes in
            var scanner = JSONScanner(bytes)
            do throws(JSONLookupError) {
                return .success(try locate(path.components, scanner: &scanner))
            } catch {
                return .failure(error)
            }
        }
        return try result.get()
    }

    private static func locate(_ components: [String], scanner: inout JSONScanner) throws(JSONLookupError) -> Range<Int> {
        var walked: [String] = []
        for component in components {
            let at = walked.joined(separator: "/")
            scanner.skipWhitespace()
            switch scanner.current {
            case UInt8(ascii: "{"):
                try enterObject(key: component, at: at, scanner: &scanner)
            case UInt8(ascii: "["):
                guard let index = Int(component), index >= 0 else {
                    throw .notAnIndex(component: component, at: at)
                }
                try enterArray(index: index, at: at, scanner: &scanner)
            case nil:
                throw .invalidJSON(scanner.failure("expected a value but the document ended"))
            default:
                throw .notAContainer(component: component, at: at)
            }
            walked.append(component)
        }
        return try scanner.lifted { (s: inout JSONScanner) throws(JSONError) in try s.skipValue() }
    }

    /// Moves the scanner to the value of `key` in the object that starts at the scanner.
    private static func enterObject(key: String, at: String, scanner: inout JSONScanner) throws(JSONLookupError) {
        let wanted = Array(key.utf8)
        scanner.offset += 1
        scanner.skipWhitespace()
        if scanner.current == UInt8(ascii: "}") { throw .missingKey(key, at: at) }
        while true {
            scanner.skipWhitespace()
            guard scanner.current == UInt8(ascii: "\"") else {
                throw .invalidJSON(scanner.failure("expected a string key\(scanner.foundDescription)"))
            }
            let keyStart = scanner.offset + 1
            let hadEscapes = try scanner.lifted { (s: inout JSONScanner) throws(JSONError) in try s.skipString() }
            let keyBytes = UnsafeRawBufferPointer(rebasing: scanner.bytes[keyStart..<(scanner.offset - 1)])
            try scanner.lifted { (s: inout JSONScanner) throws(JSONError) in try s.expect(UInt8(ascii: ":"), "':' after an object key") }
            if matches(keyBytes, wanted, hadEscapes: hadEscapes) { return }
            try scanner.lifted { (s: inout JSONScanner) throws(JSONError) in try s.skipValue() }
            scanner.skipWhitespace()
            if scanner.current == UInt8(ascii: ",") { scanner.offset += 1; continue }
            if scanner.current == UInt8(ascii: "}") { throw .missingKey(key, at: at) }
            throw .invalidJSON(scanner.failure("expected ',' or '}' in an object\(scanner.foundDescription)"))
        }
    }

    /// Moves the scanner to element `index` of the array that starts at the scanner.
    private static func enterArray(index: Int, at: String, scanner: inout JSONScanner) throws(JSONLookupError) {
        scanner.offset += 1
        scanner.skipWhitespace()
        if scanner.current == UInt8(ascii: "]") { throw .indexOutOfRange(index, count: 0, at: at) }
        var position = 0
        while true {
            if position == index { return }
            try scanner.lifted { (s: inout JSONScanner) throws(JSONError) in try s.skipValue() }
            position += 1
            scanner.skipWhitespace()
            if scanner.current == UInt8(ascii: ",") { scanner.offset += 1; continue }
            if scanner.current == UInt8(ascii: "]") { throw .indexOutOfRange(index, count: position, at: at) }
            throw .invalidJSON(scanner.failure("expected ',' or ']' in an array\(scanner.foundDescription)"))
        }
    }

    /// Compares a raw key with the wanted one, byte for byte; escaped keys, and keys that are not
    /// UTF-8 (their invalid bytes read as U+FFFD), are decoded first (rare, so the slow path is fine).
    private static func matches(_ raw: UnsafeRawBufferPointer, _ wanted: [UInt8], hadEscapes: Bool) -> Bool {
        if !hadEscapes, raw.elementsEqual(wanted) { return true }
        guard hadEscapes || raw.contains(where: { $0 >= 0x80 }) else { return false }
        return JSONStringDecoding.decode(raw).utf8.elementsEqual(wanted)
    }
}

extension JSONScanner {
    /// Runs a scanning step and reports its syntax error as a lookup error.
    @discardableResult
    mutating func lifted<T>(_ step: (inout JSONScanner) throws(JSONError) -> T) throws(JSONLookupError) -> T {
        do {
            return try step(&self)
        } catch {
            throw .invalidJSON(error)
        }
    }
}
