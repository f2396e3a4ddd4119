import Foundation

/// How a variable's value goes into a request's `path:` or `url:` so that it cannot change the
/// shape of the URL (`--var id=../../admin` must not climb out of `users/{{id}}`):
/// - one that starts the URL or the path (after leading slashes), or sits in the scheme or host
///   of an absolute URL, is inserted as written: it is a base URL or a prefix such as
///   `{{apiVersion}}/users`;
/// - one inside a path segment is encoded as that one segment: `/`, `?`, `#`, `%`, spaces, line
///   breaks and other bytes outside a segment's characters are percent-encoded, and a value that
///   is the whole segment and reads `.` or `..` becomes `%2E` / `%2E%2E`;
/// - one in the query or fragment is encoded as a query value (`&`, `=`, `+`, `#`, `%`, …).
///
/// `{{raw name}}` opts out anywhere (`TemplateContext.render`).
enum URLPlacement {
    /// `value` encoded for the place between `rendered` (the URL so far) and `following` (the
    /// template text after the placeholder).
    static func encode(_ value: String, rendered: String, following: Substring) -> String {
        switch place(after: rendered) {
        case .asWritten:
            return value
        case .query:
            return value.addingPercentEncoding(withAllowedCharacters: queryAllowed) ?? value
        case .segment:
            let wholeSegment = rendered.hasSuffix("/") && (following.first.map { "/?#".contains($0) } ?? true)
            if wholeSegment && (value == "." || value == "..") {
                return String(repeating: "%2E", count: value.count)
            }
            return value.addingPercentEncoding(withAllowedCharacters: segmentAllowed) ?? value
        }
    }

    private enum Place {
        case asWritten, segment, query
    }

    /// Where the URL rendered so far leaves off.
    private static func place(after rendered: String) -> Place {
        if rendered.allSatisfy({ $0 == "/" }) { return .asWritten }
        if rendered.contains("?") || rendered.contains("#") { return .query }
        if let scheme = rendered.range(of: "://"), !rendered[scheme.upperBound...].contains("/") { return .asWritten }
        return .segment
    }

    /// RFC 3986 `pchar`: unreserved, sub-delims, `:` and `@`.
    private static let segmentAllowed = CharacterSet(charactersIn:
        "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~!$&'()*+,;=:@")

    /// A query value: `pchar`, `/` and `?`, less the characters that split or re-read a form query
    /// (`&`, `=`, `+`).
    private static let queryAllowed = CharacterSet(charactersIn:
        "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~!$'()*,;:@/?")
}
