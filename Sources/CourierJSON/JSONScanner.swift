#if canImport(Glibc)
import Glibc
#else
import Darwin
#endif

/// A forward-only scanner over UTF-8 JSON bytes. It validates as it skips, so finding one value
/// inside a large document costs one pass over the bytes before it and allocates nothing. Its
/// loops are optimized even in debug builds (`@_optimize(speed)`): unoptimized they are many times
/// slower, and the explorer's tests index bodies of a hundred megabytes.
struct JSONScanner: ~Copyable {
    let bytes: UnsafeRawBufferPointer
    var offset: Int = 0

    init(_ bytes: UnsafeRawBufferPointer) { self.bytes = bytes }

    var isAtEnd: Bool { offset >= bytes.count }

    var current: UInt8? { offset < bytes.count ? bytes[offset] : nil }

    /// Skips JSON whitespace. Inlined, because compact JSON has none and pays one test per token.
    @inline(__always)
    mutating func skipWhitespace() {
        guard offset < bytes.count, Self.isBlank(bytes[offset]) else { return }
        skipBlankRun()
    }

    @inline(__always)
    private static func isBlank(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09
    }

    /// Indentation comes in runs: eight bytes at a time, then the tail byte by byte.
    @_optimize(speed)
    private mutating func skipBlankRun() {
        if let base = bytes.baseAddress {
            while offset + 8 <= bytes.count {
                let others = WordScan.nonBlanks(WordScan.word(base, at: offset))
                if others != 0 { offset += WordScan.firstByte(others); return }
                offset += 8
            }
        }
        while offset < bytes.count, Self.isBlank(bytes[offset]) { offset += 1 }
    }

    func failure(_ message: String) -> JSONError { JSONError(message: message, offset: offset, bytes: bytes) }

    /// `expected` followed by what the scanner found instead. Never inlined: building the message
    /// in a hot loop's function would give that function a large frame for a path taken once.
    @inline(never)
    func unexpected(_ expected: StaticString) -> JSONError { failure("\(expected)\(foundDescription)") }

    /// The deepest nesting any reader here follows: each level costs a stack frame in the
    /// validating readers and a line of indentation in the viewer.
    static let maximumDepth = 512

    /// The refusal of a value nested past `maximumDepth`, at the scanner.
    var tooDeep: JSONError { JSONError.tooDeep(offset: offset, bytes: bytes) }

    @_optimize(speed)
    mutating func expect(_ byte: UInt8, _ what: String) throws(JSONError) {
        skipWhitespace()
        guard current == byte else { throw failure("expected \(what)\(foundDescription)") }
        offset += 1
    }

    var foundDescription: String {
        guard let current else { return " but the document ended" }
        if current >= 0x21 && current < 0x7F { return " but found '\(Character(UnicodeScalar(current)))'" }
        return " but found byte 0x\(String(current, radix: 16))"
    }

    /// Skips one complete value, validating it; returns the range it occupied.
    @discardableResult
    @_optimize(speed)
    mutating func skipValue(depth: Int = 0) throws(JSONError) -> Range<Int> {
        guard depth < Self.maximumDepth else { throw tooDeep }
        skipWhitespace()
        let start = offset
        guard let byte = current else { throw failure("expected a value but the document ended") }
        switch byte {
        case UInt8(ascii: "{"):
            offset += 1
            skipWhitespace()
            if current == UInt8(ascii: "}") { offset += 1; return start..<offset }
            while true {
                skipWhitespace()
                guard current == UInt8(ascii: "\"") else { throw failure("expected a string key\(foundDescription)") }
                try skipString()
                try expect(UInt8(ascii: ":"), "':' after an object key")
                try skipValue(depth: depth + 1)
                skipWhitespace()
                if current == UInt8(ascii: ",") { offset += 1; continue }
                if current == UInt8(ascii: "}") { offset += 1; return start..<offset }
                throw failure("expected ',' or '}' in an object\(foundDescription)")
            }
        case UInt8(ascii: "["):
            offset += 1
            skipWhitespace()
            if current == UInt8(ascii: "]") { offset += 1; return start..<offset }
            while true {
                try skipValue(depth: depth + 1)
                skipWhitespace()
                if current == UInt8(ascii: ",") { offset += 1; continue }
                if current == UInt8(ascii: "]") { offset += 1; return start..<offset }
                throw failure("expected ',' or ']' in an array\(foundDescription)")
            }
        case UInt8(ascii: "\""):
            try skipString()
        case UInt8(ascii: "t"): try skipLiteral("true")
        case UInt8(ascii: "f"): try skipLiteral("false")
        case UInt8(ascii: "n"): try skipLiteral("null")
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            try skipNumber()
        default:
            throw failure("expected a value\(foundDescription)")
        }
        return start..<offset
    }

    @_optimize(speed)
    mutating func skipLiteral(_ literal: StaticString) throws(JSONError) {
        let count = literal.utf8CodeUnitCount
        guard offset + count <= bytes.count, let base = bytes.baseAddress,
              memcmp(base + offset, literal.utf8Start, count) == 0 else {
            throw failure("expected \(literal)\(foundDescription)")
        }
        offset += count
    }

    @_optimize(speed)
    mutating func skipNumber() throws(JSONError) {
        if current == UInt8(ascii: "-") { offset += 1 }
        guard let first = current, first >= UInt8(ascii: "0") && first <= UInt8(ascii: "9") else {
            throw unexpected("expected a digit")
        }
        offset += 1
        if first != UInt8(ascii: "0") { skipDigits() }
        if current == UInt8(ascii: ".") {
            offset += 1
            guard skipDigits() > 0 else { throw unexpected("expected a digit after '.'") }
        }
        if current == UInt8(ascii: "e") || current == UInt8(ascii: "E") {
            offset += 1
            if current == UInt8(ascii: "+") || current == UInt8(ascii: "-") { offset += 1 }
            guard skipDigits() > 0 else { throw unexpected("expected an exponent") }
        }
    }

    @discardableResult
    @inline(__always)
    private mutating func skipDigits() -> Int {
        let start = offset
        var position = offset
        while position < bytes.count, bytes[position] &- UInt8(ascii: "0") < 10 { position += 1 }
        offset = position
        return position - start
    }

    /// Skips a string starting at the opening quote; returns whether it contained escapes.
    /// Inlined: most strings are plain and end within a few words, which costs no call; an
    /// escape, a control byte or the last bytes of the document go to `skipEscapedString`.
    @discardableResult
    @inline(__always)
    mutating func skipString() throws(JSONError) -> Bool {
        var position = offset + 1
        if let base = bytes.baseAddress {
            while position + 8 <= bytes.count {
                let stops = WordScan.stringStops(WordScan.word(base, at: position))
                if stops == 0 { position += 8; continue }
                position += WordScan.firstByte(stops)
                if base.load(fromByteOffset: position, as: UInt8.self) == UInt8(ascii: "\"") {
                    offset = position + 1
                    return false
                }
                break
            }
        }
        offset = position
        return try skipEscapedString()
    }

    /// The rest of a string from `offset`, where every byte since the opening quote was plain.
    @_optimize(speed)
    private mutating func skipEscapedString() throws(JSONError) -> Bool {
        var escaped = false
        while offset < bytes.count {
            // Plain bytes eight at a time; the byte that stops the run is handled below.
            if let base = bytes.baseAddress, offset + 8 <= bytes.count {
                let stops = WordScan.stringStops(WordScan.word(base, at: offset))
                if stops == 0 { offset += 8; continue }
                offset += WordScan.firstByte(stops)
            }
            let byte = bytes[offset]
            if byte == UInt8(ascii: "\"") { offset += 1; return escaped }
            if byte == UInt8(ascii: "\\") {
                escaped = true
                offset += 1
                guard let next = current else { break }
                if next == UInt8(ascii: "u") {
                    guard offset + 4 < bytes.count, (1...4).allSatisfy({ Self.isHexDigit(bytes[offset + $0]) }) else {
                        throw failure("expected four hex digits after \\u")
                    }
                    offset += 5
                } else if Self.isSimpleEscape(next) {
                    offset += 1
                } else {
                    throw failure("invalid escape \\\(Character(UnicodeScalar(next)))")
                }
                continue
            }
            if byte < 0x20 { throw failure("control character 0x\(String(byte, radix: 16)) inside a string must be escaped") }
            offset += 1
        }
        throw failure("unterminated string")
    }

    /// `"`, `\`, `/`, `b`, `f`, `n`, `r`, `t`: a switch, not a table a hot loop would look up.
    @inline(__always)
    static func isSimpleEscape(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"), UInt8(ascii: "b"), UInt8(ascii: "f"),
             UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"): true
        default: false
        }
    }

    static func isHexDigit(_ byte: UInt8) -> Bool {
        (byte >= 0x30 && byte <= 0x39) || (byte | 0x20 >= 0x61 && byte | 0x20 <= 0x66)
    }
}

