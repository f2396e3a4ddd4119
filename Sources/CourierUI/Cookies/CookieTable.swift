import Courier
import Foundation

/// How cookies are shown, in `courier cookies list` and the explorer's Cookies view: one row a
/// cookie, the value masked unless revealed (DESIGN.md, "What is secret": cookies are credentials).
public enum CookieTable {
    /// The column titles.
    public static let titles = ["DOMAIN", "PATH", "NAME", "VALUE", "EXPIRES", "ATTRIBUTES"]

    /// The cells of `cookie`'s row: a domain cookie's domain starts with `.` (its subdomains get it
    /// too), as in curl's files.
    public static func cells(_ cookie: Cookie, revealed: Bool) -> [String] {
        [(cookie.hostOnly ? "" : ".") + cookie.domain, cookie.path, cookie.name, revealed ? cookie.value : SecretRedactor.mask,
         expiry(cookie), attributes(cookie)]
    }

    /// "session" or the expiry in UTC.
    public static func expiry(_ cookie: Cookie) -> String {
        cookie.expires.map(date) ?? "session"
    }

    /// `2026-11-27 08:00:00Z`: a moment in UTC, the same on every machine.
    public static func date(_ date: Date) -> String {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withFullDate, .withSpaceBetweenDateAndTime, .withTime, .withColonSeparatorInTime, .withTimeZone]
        return formatter.string(from: date)
    }

    /// "Secure HttpOnly SameSite=Lax", or "" for none.
    public static func attributes(_ cookie: Cookie) -> String {
        var parts: [String] = []
        if cookie.secure { parts.append("Secure") }
        if cookie.httpOnly { parts.append("HttpOnly") }
        if let sameSite = cookie.sameSite { parts.append("SameSite=\(sameSite.rawValue)") }
        return parts.joined(separator: " ")
    }

    /// The cookies as aligned text lines under a title line.
    public static func text(_ cookies: [Cookie], revealed: Bool) -> String {
        let rows = [titles] + cookies.map { cells($0, revealed: revealed) }
        let widths = titles.indices.map { column in rows.map { DisplayWidth.of($0[column]) }.max() ?? 0 }
        return rows.map { row in
            row.enumerated().map { column, cell in
                column == row.count - 1 ? cell : cell + String(repeating: " ", count: widths[column] - DisplayWidth.of(cell))
            }.joined(separator: "  ").trimmingCharacters(in: .whitespaces)
        }.joined(separator: "\n")
    }
}
