import Foundation
import NIOCore
import NIOHTTP1

/// One fully received request, as the routes see it.
struct DemoRequest: Sendable {
    let method: HTTPMethod
    /// The request target exactly as received (path plus raw query).
    let uri: String
    let path: String
    let rawQuery: String?
    /// Header fields in the order they arrived on the wire.
    let headers: [(name: String, value: String)]
    let body: ByteBuffer
    let version: HTTPVersion

    init(head: HTTPRequestHead, body: ByteBuffer) {
        method = head.method
        uri = head.uri
        version = head.version
        headers = head.headers.map { (name: $0.name, value: $0.value) }
        self.body = body
        if let mark = head.uri.firstIndex(of: "?") {
            path = String(head.uri[..<mark])
            rawQuery = String(head.uri[head.uri.index(after: mark)...])
        } else {
            path = head.uri
            rawQuery = nil
        }
    }

    /// Path segments without the empty leading one: `/users/7` → `["users", "7"]`.
    var segments: [Substring] { path.split(separator: "/", omittingEmptySubsequences: true) }

    /// The first value of a header, compared case-insensitively.
    func header(_ name: String) -> String? {
        headers.first { $0.name.caseInsensitiveCompare(name) == .orderedSame }?.value
    }

    /// Query items decoded from `application/x-www-form-urlencoded` form.
    var queryItems: [(name: String, value: String)] { FormDecoding.pairs(rawQuery ?? "") }

    /// The first value of a query parameter.
    func query(_ name: String) -> String? { queryItems.first { $0.name == name }?.value }

    var bodyBytes: [UInt8] { Array(body.readableBytesView) }
    var bodyData: Data { Data(body.readableBytesView) }
}

/// Decodes `a=1&b=two+words` pairs, keeping order and repeated names.
enum FormDecoding {
    static func pairs(_ text: String) -> [(name: String, value: String)] {
        text.split(separator: "&", omittingEmptySubsequences: true).map { item in
            let parts = item.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let name = decode(parts[0])
            let value = parts.count > 1 ? decode(parts[1]) : ""
            return (name: name, value: value)
        }
    }

    private static func decode(_ text: Substring) -> String {
        let spaced = text.replacingOccurrences(of: "+", with: " ")
        return spaced.removingPercentEncoding ?? spaced
    }
}
