import CourierCollections

/// A line diff of two texts by longest common subsequence: what a change on disk did to the
/// user's version of a file, short enough to read in an overlay.
public enum LineDiff {
    /// One line of the difference.
    public struct Line: Sendable, Equatable {
        public enum Kind: Sendable, Equatable {
            /// In both versions.
            case same
            /// Only in the old version.
            case removed
            /// Only in the new version.
            case added
        }

        /// Kept, removed or added.
        public var kind: Kind
        /// The line without its newline.
        public var text: String

        /// A line of the difference.
        public init(_ kind: Kind, _ text: String) {
            self.kind = kind
            self.text = text
        }

        /// `  text`, `- text`, `+ text`, as unified diffs write it.
        public var marked: String {
            switch kind {
            case .same: return "  " + text
            case .removed: return "- " + text
            case .added: return "+ " + text
            }
        }
    }

    /// The table past which the middle is shown as removed then added rather than matched:
    /// request files are tens of lines, so this only guards against a pathological file.
    static let tableLimit = 4_000_000

    /// The lines of `old` and `new` in order, each marked as kept, removed or added.
    public static func lines(from old: String, to new: String) -> [Line] {
        lines(from: split(old), to: split(new))
    }

    /// The difference of two lists of lines.
    public static func lines(from old: [String], to new: [String]) -> [Line] {
        // The common head and tail cost nothing to match and keep the table small.
        var head = 0
        while head < old.count, head < new.count, old[head] == new[head] { head += 1 }
        var tail = 0
        while tail < old.count - head, tail < new.count - head, old[old.count - 1 - tail] == new[new.count - 1 - tail] { tail += 1 }
        let a = Array(old[head..<(old.count - tail)])
        let b = Array(new[head..<(new.count - tail)])
        let middle = a.count * b.count > tableLimit
            ? a.map { Line(.removed, $0) } + b.map { Line(.added, $0) }
            : matched(a, b)
        return old[..<head].map { Line(.same, $0) } + middle + old[(old.count - tail)...].map { Line(.same, $0) }
    }

    /// The lines of `a` and `b` along a longest common subsequence, removals before insertions.
    private static func matched(_ a: [String], _ b: [String]) -> [Line] {
        SequenceAlignment.steps(from: a, to: b, preferring: .removals).map { step in
            switch step {
            case .keep(let index, _): return Line(.same, a[index])
            case .remove(let index): return Line(.removed, a[index])
            case .insert(let index): return Line(.added, b[index])
            }
        }
    }

    /// Lines without the empty one after a final newline.
    private static func split(_ text: String) -> [String] {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        if lines.last == "" { lines.removeLast() }
        return lines
    }
}
