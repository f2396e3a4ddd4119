/// The lines two texts differ in, after their common first and last lines: enough to assert
/// that an edit is a one-line diff, and where it is.
struct LineDiff: Equatable, CustomStringConvertible {
    /// The first differing line of the old text, from 0.
    let start: Int
    let removed: [String]
    let added: [String]

    init(_ old: String, _ new: String) {
        let a = old.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let b = new.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        var prefix = 0
        while prefix < min(a.count, b.count), a[prefix] == b[prefix] { prefix += 1 }
        var suffix = 0
        while suffix < min(a.count, b.count) - prefix, a[a.count - 1 - suffix] == b[b.count - 1 - suffix] { suffix += 1 }
        start = prefix
        removed = Array(a[prefix..<(a.count - suffix)])
        added = Array(b[prefix..<(b.count - suffix)])
    }

    init(start: Int, removed: [String], added: [String]) {
        self.start = start
        self.removed = removed
        self.added = added
    }

    var description: String { "@\(start) " + (removed.map { "-" + $0 } + added.map { "+" + $0 }).joined(separator: " | ") }
}
