import CourierJSON
import Foundation

/// The response pane: the last response of the open request, the transfer in flight, and the
/// tabs that read them.
public struct ResponsePane: Sendable, Equatable {
    public enum Tab: Int, Sendable, CaseIterable {
        /// `events` shows only for an event stream (`visibleTabs`).
        case body, events, headers, keyPath, curl, debug, history, tests

        public var title: String {
            switch self {
            case .body: return "Body"
            case .events: return "Events"
            case .headers: return "Headers"
            case .keyPath: return "Key path"
            case .curl: return "cURL"
            case .debug: return "Debug"
            case .history: return "History"
            case .tests: return "Tests"
            }
        }
    }

    public var tab: Tab = .body
    public var current: ResponseSnapshot?
    /// The transfer in flight, if any.
    public var transfer: TransferStatus?
    /// The event stream arriving now, shown until its transfer ends and its snapshot takes over.
    public var live: LiveStream?
    /// Whether the Events tab keeps its last event in view as events arrive; scrolling up stops it, `G` resumes.
    public var eventsFollow = true
    /// What happened to the last transfer when it did not produce a response worth a title of its own.
    public var outcome: String?
    /// Body view: cursor line, first visible line, horizontal offset, raw or pretty, folded openers.
    public var cursor = 0
    public var top = 0
    public var left = 0
    public var raw = false
    public var folded: Set<Int> = []
    /// Whether long body lines wrap (`w`) instead of running past the edge.
    public var wrap = false
    /// First visible line of the other tabs.
    public var otherTop = 0
    /// The search being typed after `/`, and the last search's matching lines (in order).
    public var searchField: TextField?
    public var searchQuery = ""
    public var matches: [Int] = []
    /// The search running in the background, if any, and the number the next one gets.
    public var search: SearchProgress?
    var searchGeneration = 0
    /// The key path being typed, whether it has focus, and its preview.
    public var keyPathField = TextField()
    public var editingKeyPath = false
    public var keyPathPreview: KeyPathPreview?
    /// The cURL export of the request as edited, secrets masked, or why there is none.
    public var curl: String = ""
    /// The same command with its secrets, for `Y`; empty when there is none.
    public var curlWithSecrets: String = ""
    /// The response whose let-go body History is reading back, so it is asked for once.
    public var readingBack: Int?
    /// The selected row of the History tab.
    public var historySelection = 0
    /// The responses marked in the History tab (by sequence), at most two: `d` compares them.
    public var historyMarks: [Int] = []

    public init() {}

    /// A new response replaces the old one; the cursor goes back to the top and folds are forgotten.
    mutating func show(_ snapshot: ResponseSnapshot?) {
        current = snapshot
        readingBack = nil
        if tab == .events && eventLog == nil { tab = .body }
        eventsFollow = true
        resetBodyView()
        otherTop = 0
        refreshKeyPath()
    }

    /// Back to the top of the body, nothing folded, no matches and no search running: what a new
    /// body or the other view of it (raw or pretty) starts with.
    mutating func resetBodyView() {
        cursor = 0
        top = 0
        left = 0
        folded = []
        matches = []
        search = nil
    }

    /// Whether typed keys go to a text field of this pane.
    var isTyping: Bool { searchField != nil || editingKeyPath }

    /// A tab's title with what it holds: `Tests 5/6`, `Events 12`.
    func title(of tab: Tab) -> String {
        switch tab {
        case .tests: return current?.tests?.tabTitle ?? tab.title
        case .events: return eventLog.map { "Events \($0.entries.count)" } ?? tab.title
        default: return tab.title
        }
    }

    /// The tabs shown: Events only while an event stream arrives or is shown.
    var visibleTabs: [Tab] {
        eventLog == nil ? Tab.allCases.filter { $0 != .events } : Tab.allCases
    }

    /// The events of the stream arriving, else of the response shown; nil when it is no event stream.
    public var eventLog: EventLog? {
        live?.log ?? current?.events
    }

    /// The Debug tab's lines wrapped to `width`, so a long error or URL is read whole; a
    /// continuation keeps the indent of its line.
    func debugRows(width: Int) -> [String] {
        MessageView(title: "", lines: (current?.debugLines ?? []).map { MessageView.Line($0) }).wrapped(width: max(1, width)).map(\.text)
    }

    /// The Tests tab's lines for the response shown.
    var testLines: [ResponseTests.Line] {
        guard let current else { return [] }
        guard let tests = current.tests else {
            return [ResponseTests.Line(text: current.status == nil ? "no response to test" : "this response was not tested", kind: .plain)]
        }
        return tests.lines(redactor: current.redactor)
    }

    /// Recomputes the key path preview for the typed path.
    mutating func refreshKeyPath() {
        guard let body = current?.body else {
            keyPathPreview = nil
            return
        }
        keyPathPreview = KeyPathPreview.make(path: keyPathField.text, body: body)
    }

    /// Rows for body lines in a content area `height` rows tall: the note and the path (or
    /// search) line take one each.
    func bodyViewportHeight(_ height: Int) -> Int {
        var rows = height
        if current?.body.note != nil { rows -= 1 }
        if searchField != nil || (document != nil && rows > 2) { rows -= 1 }
        return max(1, rows)
    }

    /// The key path of the node under the body cursor, when the body is JSON and shown pretty.
    public var cursorPath: JSONKeyPath? {
        guard !raw, let body = current?.body else { return nil }
        return body.path(at: cursor)
    }
}

/// What `KeyPathResponseConverter` would hand the decoder for a path: the value's text, pretty.
public struct KeyPathPreview: Sendable, Equatable {
    public var lines: [String]
    /// Why the path leads nowhere, as a sentence.
    public var problem: String?

    static let maximumLines = 2000
    /// Values larger than this are shown as their first bytes rather than pretty-printed.
    static let maximumPrettyBytes = 1_000_000

    /// The preview for `path`, or nil for an empty path (the whole body is the Body tab's job).
    /// A JSON body answers from its line index, without reading the bytes on the way.
    static func make(path: String, body: BodyDocument) -> KeyPathPreview? {
        guard !path.trimmingCharacters(in: .whitespaces).isEmpty else { return nil }
        if case .json(let document) = body.content, let line = document.line(of: JSONKeyPath(path)) {
            let close = Int(document.closingLine[line])
            let total = close > line ? close - line + 1 : 1
            let shown = document.valueLines(from: line, limit: maximumLines)
            return KeyPathPreview(lines: shown + (total > shown.count ? ["… \(total - shown.count) more lines"] : []), problem: nil)
        }
        return make(path: path, data: body.data)
    }

    /// The preview made by looking the path up in the bytes; it also says why a path leads nowhere.
    static func make(path: String, data: Data) -> KeyPathPreview? {
        do {
            let value = try JSONLookup.value(at: JSONKeyPath(path), in: data)
            guard value.count <= maximumPrettyBytes else {
                let lines = TextLines(value.prefix(64_000))
                return KeyPathPreview(lines: ["(\(ByteCount.text(value.count)); the first 64 KB as received)"]
                                      + (0..<min(lines.count, maximumLines)).map(lines.line), problem: nil)
            }
            let pretty = (try? JSONFormatter.pretty(value)) ?? value
            let lines = TextLines(pretty)
            let shown = (0..<min(lines.count, maximumLines)).map(lines.line)
            let more = lines.count > shown.count ? ["… \(lines.count - shown.count) more lines"] : []
            return KeyPathPreview(lines: shown + more, problem: nil)
        } catch {
            return KeyPathPreview(lines: [], problem: error.description)
        }
    }
}
