import CourierJSON
import Foundation

/// One search of one body for one query. It runs in slices off the UI thread (`ExplorerSession`),
/// each slice reporting the lines it found, so results show as they come and the search can stop
/// between slices; a test or a small body can run it whole with `run()`.
public struct BodySearch: Sendable, Equatable {
    /// Which search of the pane this is; results of an older one are ignored.
    public let generation: Int
    public let query: String
    let body: BodyDocument
    /// Whether the raw view is searched (the pretty view otherwise).
    let raw: Bool

    /// A search of `body` as the pretty view shows it, or its raw lines when `raw`.
    public init(generation: Int, query: String, body: BodyDocument, raw: Bool = false) {
        self.generation = generation
        self.query = query
        self.body = body
        self.raw = raw
    }

    /// Matching lines kept at most; past this the search stops and says so.
    public static let limit = 10_000
    /// Units scanned per slice: 4 MB of a body is a few milliseconds of work in a release build.
    public static let sliceSize = 4 << 20

    public static func == (lhs: BodySearch, rhs: BodySearch) -> Bool {
        lhs.generation == rhs.generation && lhs.query == rhs.query && lhs.raw == rhs.raw && lhs.body == rhs.body
    }

    /// The units the search covers: bytes of the body, or lines of a hex dump.
    public var total: Int {
        switch target {
        case .json(let document): return document.source.count
        case .hex(let lines): return lines.count
        case .bytes(let data, _): return data.count
        }
    }

    /// The matching lines whose match starts in `range` of the units, in order, at most `limit`.
    public func lines(in range: Range<Int>, limit: Int = BodySearch.limit) -> [Int] {
        switch target {
        case .json(let document):
            return document.lines(containing: query, startingIn: range, limit: limit)
        case .hex(let lines):
            let needle = query.lowercased()
            let bounded = range.clamped(to: lines.indices)
            return Array(bounded.filter { lines[$0].lowercased().contains(needle) }.prefix(limit))
        case .bytes(let data, let starts):
            return ByteSearch.lines(containing: query, in: data, startingIn: range, limit: limit) {
                ByteSearch.line(containing: $0, starts: starts)
            }
        }
    }

    /// The whole search at once.
    public func run() -> [Int] { lines(in: 0..<total) }

    private enum Target {
        case json(JSONPrettyDocument)
        case hex([String])
        case bytes(Data, starts: [Int])
    }

    /// What is searched: the pretty JSON's source, the hex dump's lines, or the bytes by raw line.
    private var target: Target {
        if !raw, case .json(let document) = body.content { return .json(document) }
        if !raw, case .hex(let lines) = body.content { return .hex(lines) }
        let lines = body.raw
        return .bytes(body.data, starts: lines.starts)
    }
}

/// How far the running search has come, for the status line.
public struct SearchProgress: Sendable, Equatable {
    public var generation: Int
    public var query: String
    public var scanned: Int
    public var total: Int
    /// Matching lines so far.
    public var count = 0
    /// Whether the cursor has been taken to a match yet.
    var jumped = false

    /// "searching "name" · 42% · 120 lines so far · esc stops"
    var text: String {
        let percent = total > 0 ? min(99, scanned * 100 / total) : 0
        return "searching \"\(query)\" · \(percent)% · \(count) lines so far · esc stops"
    }
}
