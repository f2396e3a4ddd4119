import Foundation
#if canImport(Glibc)
import Glibc
#else
import Darwin
#endif

/// One part of a `multipart/form-data` body.
struct MultipartPart: Sendable {
    let name: String
    let filename: String?
    let contentType: String?
    let content: ArraySlice<UInt8>
}

/// A strict RFC 7578 / RFC 2046 parser: the body must open with `--boundary`, every part needs a
/// `Content-Disposition: form-data; name=…`, and nothing but one CRLF may follow the closing delimiter.
/// Clients that get the layout wrong fail loudly here instead of round-tripping by accident.
enum MultipartParser {
    struct Failure: Error, Sendable {
        let message: String
    }

    /// The boundary parameter of a `multipart/form-data` content type.
    static func boundary(fromContentType contentType: String?) throws(Failure) -> String {
        guard let contentType, contentType.lowercased().hasPrefix("multipart/form-data") else {
            throw Failure(message: "Content-Type must be multipart/form-data, got \(contentType ?? "none")")
        }
        for parameter in contentType.split(separator: ";").dropFirst() {
            let pair = parameter.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
            guard pair.count == 2, pair[0].lowercased() == "boundary" else { continue }
            let value = pair[1].hasPrefix("\"") && pair[1].hasSuffix("\"") && pair[1].count >= 2
                ? String(pair[1].dropFirst().dropLast()) : pair[1]
            guard (1...70).contains(value.utf8.count) else {
                throw Failure(message: "The boundary must be 1 to 70 characters long")
            }
            return value
        }
        throw Failure(message: "Content-Type has no boundary parameter")
    }

    static func parse(_ body: [UInt8], boundary: String) throws(Failure) -> [MultipartPart] {
        let delimiter = Array("--\(boundary)".utf8)
        let separator = Array("\r\n--\(boundary)".utf8)
        guard body.starts(with: delimiter) else {
            throw Failure(message: "The body does not start with the delimiter --\(boundary)")
        }
        var position = delimiter.count
        var parts: [MultipartPart] = []
        while true {
            if body[position...].starts(with: Array("--".utf8)) {
                let rest = body[(position + 2)...]
                guard rest.isEmpty || Array(rest) == [13, 10] else {
                    throw Failure(message: "\(rest.count) unexpected bytes follow the closing delimiter")
                }
                break
            }
            guard body[position...].starts(with: [13, 10]) else {
                throw Failure(message: "The delimiter before part \(parts.count + 1) is not followed by CRLF")
            }
            position += 2
            guard let headerEnd = find([13, 10, 13, 10], in: body, from: position) else {
                throw Failure(message: "Part \(parts.count + 1) has no blank line after its headers")
            }
            let headers = try parseHeaders(body[position..<headerEnd], part: parts.count + 1)
            let contentStart = headerEnd + 4
            guard let contentEnd = find(separator, in: body, from: contentStart) else {
                throw Failure(message: "Part \(parts.count + 1) is not terminated by the boundary")
            }
            parts.append(try makePart(headers: headers, content: body[contentStart..<contentEnd], number: parts.count + 1))
            position = contentEnd + separator.count
        }
        guard !parts.isEmpty else { throw Failure(message: "The body has no parts") }
        return parts
    }

    private static func parseHeaders(_ bytes: ArraySlice<UInt8>, part: Int) throws(Failure) -> [String: String] {
        guard let text = String(validating: bytes, as: UTF8.self) else {
            throw Failure(message: "The headers of part \(part) are not valid UTF-8")
        }
        var headers: [String: String] = [:]
        for line in text.components(separatedBy: "\r\n") {
            guard let colon = line.firstIndex(of: ":") else {
                throw Failure(message: "Part \(part) has a header line without a colon: \(line)")
            }
            let name = line[..<colon].lowercased()
            guard headers[name] == nil else { throw Failure(message: "Part \(part) repeats the header \(name)") }
            headers[name] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        return headers
    }

    private static func makePart(headers: [String: String], content: ArraySlice<UInt8>, number: Int) throws(Failure) -> MultipartPart {
        guard let disposition = headers["content-disposition"] else {
            throw Failure(message: "Part \(number) has no Content-Disposition header")
        }
        let parameters = DispositionParameters(disposition)
        guard parameters.type == "form-data" else {
            throw Failure(message: "Part \(number) has disposition \(parameters.type), expected form-data")
        }
        guard let name = parameters.values["name"] else {
            throw Failure(message: "Part \(number) has no name parameter")
        }
        return MultipartPart(name: name, filename: parameters.values["filename"], contentType: headers["content-type"], content: content)
    }

    /// The offset of the first occurrence of `needle` at or after `start` (memchr for the first byte, then memcmp).
    private static func find(_ needle: [UInt8], in haystack: [UInt8], from start: Int) -> Int? {
        guard let first = needle.first, start <= haystack.count else { return nil }
        return haystack.withUnsafeBytes { buffer -> Int? in
            needle.withUnsafeBytes { pattern -> Int? in
                guard let base = buffer.baseAddress, let patternBase = pattern.baseAddress else { return nil }
                var position = start
                while position + needle.count <= buffer.count {
                    guard let hit = memchr(base + position, Int32(first), buffer.count - position - needle.count + 1) else { return nil }
                    let offset = base.distance(to: UnsafeRawPointer(hit))
                    if memcmp(hit, patternBase, needle.count) == 0 { return offset }
                    position = offset + 1
                }
                return nil
            }
        }
    }
}

/// `form-data; name="field"; filename="a \"b\".txt"` split into type and parameters.
struct DispositionParameters {
    var type = ""
    var values: [String: String] = [:]

    init(_ header: String) {
        var characters = Substring(header)
        type = String(characters.prefix { $0 != ";" }).trimmingCharacters(in: .whitespaces).lowercased()
        characters = characters.drop { $0 != ";" }
        while characters.first == ";" {
            characters = characters.dropFirst().drop { $0 == " " }
            let name = String(characters.prefix { $0 != "=" && $0 != ";" }).lowercased()
            characters = characters.dropFirst(name.count)
            guard characters.first == "=" else { continue }
            characters = characters.dropFirst()
            var value = ""
            if characters.first == "\"" {
                characters = characters.dropFirst()
                while let character = characters.first, character != "\"" {
                    characters = characters.dropFirst()
                    if character == "\\", let escaped = characters.first {
                        value.append(escaped)
                        characters = characters.dropFirst()
                    } else {
                        value.append(character)
                    }
                }
                characters = characters.dropFirst()
            } else {
                value = String(characters.prefix { $0 != ";" })
                characters = characters.dropFirst(value.count)
            }
            characters = characters.drop { $0 == " " }
            values[name] = value
        }
    }
}
