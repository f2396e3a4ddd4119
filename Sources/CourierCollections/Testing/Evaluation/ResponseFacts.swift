import Courier
import CourierJSON
import Foundation

/// What assertions and captures read of a response: status, headers, body, timing. Plain values,
/// so the engine runs without a network, a terminal or a file.
public struct ResponseFacts: Sendable {
    /// The status code.
    public var status: Int
    /// Headers in the order received; a name may repeat.
    public var headers: [(String, String)]
    /// The body as received.
    public var body: Data
    /// Seconds from sending to the complete response.
    public var duration: TimeInterval

    /// A response's facts; `duration` in seconds.
    public init(status: Int, headers: [(String, String)] = [], body: Data = Data(), duration: TimeInterval = 0) {
        self.status = status
        self.headers = headers
        self.body = body
        self.duration = duration
    }

    /// The value of header `name` (case-insensitive); repeated headers joined with `, `.
    public func header(_ name: String) -> String? {
        let values = headers.filter { $0.0.caseInsensitiveCompare(name) == .orderedSame }.map(\.1)
        return values.isEmpty ? nil : values.joined(separator: ", ")
    }

    /// The value of cookie `name` as the response sets it (`Set-Cookie`); the last one wins.
    public func cookie(_ name: String) -> String? {
        let values = headers.filter { $0.0.caseInsensitiveCompare("Set-Cookie") == .orderedSame }.flatMap { Self.cookies(in: $0.1) }
        return values.last { $0.name == name }?.value
    }

    /// The `name=value` pairs of one or more `Set-Cookie` values, which Foundation joins with commas.
    static func cookies(in header: String) -> [(name: String, value: String)] {
        SetCookie.split(header).compactMap { cookie in
            let pair = cookie.prefix { $0 != ";" }
            guard let equals = pair.firstIndex(of: "=") else { return nil }
            return (pair[..<equals].trimmingCharacters(in: .whitespaces), pair[pair.index(after: equals)...].trimmingCharacters(in: .whitespaces))
        }
    }

    /// The value `subject` names in this response, or why there is none.
    public func value(of subject: ResponseSubject) -> Result<JSONValue, SubjectMissing> {
        switch subject {
        case .status: return .success(.number(String(status)))
        case .duration: return .success(.number(Self.milliseconds(duration)))
        case .size: return .success(.number(String(body.count)))
        case .body: return .success(.string(String(decoding: body, as: UTF8.self)))
        case .header(let name):
            return header(name).map { .success(.string($0)) } ?? .failure(SubjectMissing(reason: "no header \(name)"))
        case .cookie(let name):
            return cookie(name).map { .success(.string($0)) } ?? .failure(SubjectMissing(reason: "no cookie \(name) is set"))
        case .bodyPath(let path):
            do {
                let bytes = try JSONLookup.value(at: path, in: body)
                return .success(try JSONValue.parse(String(decoding: bytes, as: UTF8.self)))
            } catch let error as JSONLookupError {
                do {
                    try JSONLookup.validate(body)
                } catch {
                    return .failure(SubjectMissing(reason: "the body is not JSON (\(error))"))
                }
                return .failure(SubjectMissing(reason: error.description))
            } catch {
                return .failure(SubjectMissing(reason: "the body is not JSON (\(error))"))
            }
        }
    }

    /// Milliseconds with at most one decimal: `12.3`.
    static func milliseconds(_ seconds: TimeInterval) -> String {
        let tenths = (seconds * 10_000).rounded()
        return tenths.truncatingRemainder(dividingBy: 10) == 0 ? String(Int(tenths / 10)) : String(tenths / 10)
    }
}

/// Why a subject has no value in a response: `no header X-Id`, `no key "id" in the object at "data"`.
public struct SubjectMissing: Error, Sendable, Equatable {
    /// The sentence: `no header X-Id`.
    public let reason: String
}
