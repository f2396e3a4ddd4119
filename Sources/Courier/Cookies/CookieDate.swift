import Foundation

/// RFC 6265 §5.1.1's cookie-date algorithm: the lenient reading of `Expires` that browsers share,
/// which takes `Wed, 21 Oct 2015 07:28:00 GMT`, `Wednesday, 21-Oct-15 07:28:00 GMT` and
/// `Wed Oct 21 07:28:00 2015` alike.
enum CookieDate {
    private static let months = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"]

    /// The date `text` names, or nil when it lacks a time, day, month or year, or they are out of range.
    static func parse(_ text: String) -> Date? {
        var time: (Int, Int, Int)?
        var day: Int?
        var month: Int?
        var year: Int?
        for token in text.unicodeScalars.split(whereSeparator: isDelimiter).map({ String(String.UnicodeScalarView($0)) }) {
            if time == nil, let found = Self.time(token) {
                time = found
            } else if day == nil, let found = leadingNumber(token, digits: 1...2) {
                day = found
            } else if month == nil, let index = months.firstIndex(of: String(token.prefix(3)).lowercased()) {
                month = index + 1
            } else if year == nil, let found = leadingNumber(token, digits: 2...4) {
                year = found
            }
        }
        guard let time, let day, let month, var year else { return nil }
        let (hour, minute, second) = time
        if (70...99).contains(year) { year += 1900 } else if (0...69).contains(year) { year += 2000 }
        guard (1...31).contains(day), year >= 1601, hour <= 23, minute <= 59, second <= 59 else { return nil }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC") ?? calendar.timeZone
        let components = DateComponents(year: year, month: month, day: day, hour: hour, minute: minute, second: second)
        // 31 February is no date: the calendar would roll it into March.
        guard let date = calendar.date(from: components), calendar.component(.day, from: date) == day else { return nil }
        return date
    }

    /// §5.1.1's delimiters: every character but letters, digits and `:`.
    private static func isDelimiter(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x09, 0x20...0x2F, 0x3B...0x40, 0x5B...0x60, 0x7B...0x7E: return true
        default: return false
        }
    }

    /// `hh:mm:ss` (one or two digits each), possibly followed by a non-digit and anything.
    private static func time(_ token: String) -> (Int, Int, Int)? {
        let fields = token.split(separator: ":", maxSplits: 2, omittingEmptySubsequences: false)
        guard fields.count == 3,
              let hour = leadingNumber(String(fields[0]), digits: 1...2, whole: true),
              let minute = leadingNumber(String(fields[1]), digits: 1...2, whole: true),
              let second = leadingNumber(String(fields[2]), digits: 1...2) else { return nil }
        return (hour, minute, second)
    }

    /// The number a token starts with when it has `digits` of them followed by a non-digit or the
    /// end (by the end alone with `whole`).
    private static func leadingNumber(_ token: String, digits: ClosedRange<Int>, whole: Bool = false) -> Int? {
        let number = token.prefix { $0.isASCII && $0.isNumber }
        guard digits.contains(number.count), !whole || number.count == token.count else { return nil }
        return Int(number)
    }
}
