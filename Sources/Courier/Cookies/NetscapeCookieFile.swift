import Foundation

/// The Netscape `cookies.txt` format that curl (`-b FILE`, `-c FILE`), wget and browser
/// extensions read and write: one cookie a line, seven tab-separated fields (domain,
/// include-subdomains, path, secure, expiry in Unix seconds or 0 for a session cookie, name,
/// value), `#HttpOnly_` before the domain of an HttpOnly cookie, `#` lines otherwise comments.
/// `SameSite` has no field, so it does not survive the trip.
public enum NetscapeCookieFile {
    /// A line that could not be read, with its number.
    public struct LineError: Error, Sendable, Hashable, CustomStringConvertible {
        /// The line number, from 1.
        public let line: Int
        /// What is wrong with it.
        public let reason: String

        /// "line 7: expected 7 tab-separated fields …".
        public var description: String { "line \(line): \(reason)" }
    }

    private static let httpOnlyPrefix = "#HttpOnly_"

    /// The text of a cookies.txt file holding `cookies`, with curl's header lines.
    public static func text(of cookies: [Cookie]) -> String {
        var text = "# Netscape HTTP Cookie File\n# https://curl.se/docs/http-cookies.html\n# Written by courier. Cookie values are secrets: keep this file private.\n\n"
        for cookie in cookies {
            let domain = (cookie.httpOnly ? httpOnlyPrefix : "") + (cookie.hostOnly ? "" : ".") + cookie.domain
            let expiry = cookie.expires.map { String(Int64($0.timeIntervalSince1970.rounded(.up))) } ?? "0"
            let fields = [domain, cookie.hostOnly ? "FALSE" : "TRUE", cookie.path, cookie.secure ? "TRUE" : "FALSE", expiry, cookie.name, cookie.value]
            text += fields.joined(separator: "\t") + "\n"
        }
        return text
    }

    /// The cookies in the text of a cookies.txt file, and the lines that could not be read.
    public static func cookies(in text: String, now: Date = Date()) -> (cookies: [Cookie], errors: [LineError]) {
        var cookies: [Cookie] = []
        var errors: [LineError] = []
        for (index, rawLine) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            var line = rawLine.hasSuffix("\r") ? rawLine.dropLast() : rawLine
            var httpOnly = false
            if line.hasPrefix(httpOnlyPrefix) {
                httpOnly = true
                line = line.dropFirst(httpOnlyPrefix.count)
            } else if line.hasPrefix("#") || line.allSatisfy(\.isWhitespace) {
                continue
            }
            switch cookie(from: line, httpOnly: httpOnly, created: now) {
            case .success(let cookie): cookies.append(cookie)
            case .failure(let reason): errors.append(LineError(line: index + 1, reason: reason.description))
            }
        }
        return (cookies, errors)
    }

    /// Why a line is not a cookie, as a sentence.
    private struct Reason: Error, CustomStringConvertible {
        let description: String
    }

    private static func cookie(from line: Substring, httpOnly: Bool, created: Date) -> Result<Cookie, Reason> {
        let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
        // curl writes an empty value as a missing seventh field.
        guard fields.count == 7 || fields.count == 6 else {
            return .failure(Reason(description: "expected 7 tab-separated fields (domain, subdomains, path, secure, expiry, name, value), found \(fields.count)"))
        }
        guard let subdomains = flag(fields[1]), let secure = flag(fields[3]) else {
            return .failure(Reason(description: "the second and fourth fields must be TRUE or FALSE"))
        }
        guard let expiry = Int64(fields[4]) else {
            return .failure(Reason(description: "the expiry \"\(fields[4])\" is not a number of seconds since 1970"))
        }
        let domain = fields[0].hasPrefix(".") ? String(fields[0].dropFirst()) : fields[0]
        guard !domain.isEmpty, !fields[5].isEmpty else { return .failure(Reason(description: "the domain and the name must not be empty")) }
        return .success(Cookie(name: fields[5], value: fields.count == 7 ? fields[6] : "", domain: domain, hostOnly: !subdomains,
                               path: fields[2].isEmpty ? "/" : fields[2], expires: expiry == 0 ? nil : Date(timeIntervalSince1970: TimeInterval(expiry)),
                               secure: secure, httpOnly: httpOnly, created: created))
    }

    private static func flag(_ text: String) -> Bool? {
        switch text.uppercased() {
        case "TRUE": return true
        case "FALSE": return false
        default: return nil
        }
    }
}
