import CourierCollections

/// One request of a folder run, as the results view lists it.
public struct TestRunRow: Sendable, Equatable {
    /// The request's id.
    public var id: String
    /// How it came out.
    public var verdict: RequestOutcome.Verdict
    /// `201 Created · 15 ms · 3/3`, or why there was no response; secrets masked.
    public var summary: String
    /// The response as the response pane shows it once the row is opened; nil when none came.
    public var snapshot: ResponseSnapshot?

    /// A row of the results.
    public init(id: String, verdict: RequestOutcome.Verdict, summary: String, snapshot: ResponseSnapshot?) {
        self.id = id
        self.verdict = verdict
        self.summary = summary
        self.snapshot = snapshot
    }

    /// `✓`, `✗`, `!` or `–`.
    var mark: String {
        switch verdict {
        case .passed: return "✓"
        case .failed: return "✗"
        case .error: return "!"
        case .skipped: return "–"
        }
    }
}

/// A folder (or a whole collection) run as tests from the tree: each request with its outcome
/// as it comes in; `⏎` opens one, `esc` cancels the run, then closes the view.
public struct TestRunView: Sendable, Equatable {
    /// What runs: a folder id such as `Demo/flows`, or a collection.
    public var folder: String
    /// The outcomes so far, in the order they came.
    public var rows: [TestRunRow] = []
    /// The request in flight.
    public var running: String?
    /// Whether the run is over (finished or cancelled).
    public var finished = false
    /// Whether Esc stopped it.
    public var cancelled = false
    /// The selected row and the first one shown.
    public var selection = 0
    public var top = 0

    /// A run of `folder` just started.
    public init(folder: String) { self.folder = folder }

    /// `4 passed, 1 failed, 1 skipped`: the same counts `courier test` closes with.
    public var tally: String {
        func count(_ verdict: RequestOutcome.Verdict) -> Int { rows.filter { $0.verdict == verdict }.count }
        var parts = ["\(count(.passed)) passed", "\(count(.failed)) failed"]
        if count(.error) > 0 { parts.append("\(count(.error)) error\(count(.error) == 1 ? "" : "s")") }
        if count(.skipped) > 0 { parts.append("\(count(.skipped)) skipped") }
        return parts.joined(separator: ", ")
    }

    /// Keeps the selection on screen in a list `height` rows tall.
    mutating func scroll(height: Int) {
        selection = max(0, min(selection, rows.count - 1))
        if selection < top { top = selection }
        if selection >= top + height { top = selection - height + 1 }
    }
}

extension ExplorerState {
    /// The rows the results view has for its list.
    var testRunListHeight: Int { max(1, Layout(state: self).testRun.height - 4) }

    /// `T` (or `test FOLDER` in the palette): runs a folder's requests as tests. In the tree the
    /// selected folder (a request's own folder), elsewhere the open request's folder.
    mutating func runTests(in folder: String? = nil) -> [Effect] {
        if let run = testRun, !run.finished {
            status = "\(run.folder) is still running; \(keyMap.key(for: .cancel)) cancels it"
            return []
        }
        let chosen: String?
        if let folder {
            chosen = folder
        } else if focus == .collections, let node = selectedNode {
            chosen = node.isFolder ? node.id : parentFolder(of: node.id)
        } else {
            chosen = openRequest.map(parentFolder)
        }
        guard let chosen, !chosen.isEmpty else {
            status = "select a folder or a collection to run its requests as tests"
            return []
        }
        testRun = TestRunView(folder: chosen)
        status = "running \(chosen) as tests; \(keyMap.key(for: .cancel)) cancels"
        return [.runTests(folder: chosen, environment: environment)]
    }

    /// A key while the results view is on screen.
    mutating func testRunKey(_ key: Key) -> [Effect] {
        guard var run = testRun else { return [] }
        let height = testRunListHeight
        switch keyMap.command(for: key) {
        case .moveDown?: run.selection += 1
        case .moveUp?: run.selection -= 1
        case .pageDown?: run.selection += height
        case .pageUp?: run.selection -= height
        case .top?: run.selection = 0
        case .bottom?: run.selection = run.rows.count - 1
        case .open?, .edit?:
            guard run.rows.indices.contains(run.selection) else { return [] }
            let row = run.rows[run.selection]
            guard run.finished else {
                status = "the run goes on; \(keyMap.key(for: .cancel)) cancels it, then \(keyMap.openKey) opens \(row.id)"
                return []
            }
            testRun = nil
            focus = .collections
            let effects = reveal(row.id)
            if openRequest == row.id, let snapshot = row.snapshot {
                response.show(snapshot)
                response.historySelection = max(0, (history[row.id]?.firstIndex { $0.sequence == snapshot.sequence }) ?? 0)
                response.tab = .tests
                status = "\(row.id): \(row.summary)"
            }
            return effects
        case .cancel?, .quit?:
            if !run.finished { return [.cancelTests] }
            testRun = nil
            return []
        case .help?:
            testRun = run
            return perform(.help)
        default:
            if key == .escape {
                if !run.finished { return [.cancelTests] }
                testRun = nil
            }
            return []
        }
        run.scroll(height: height)
        testRun = run
        return []
    }

    /// A request of the run started.
    mutating func testStarted(_ id: String) {
        testRun?.running = id
    }

    /// A request of the run came out: its row, and its response in the request's history.
    mutating func testRecorded(_ row: TestRunRow) -> [Effect] {
        guard testRun != nil else { return [] }
        testRun?.rows.append(row)
        testRun?.running = nil
        guard let snapshot = row.snapshot else { return [] }
        var entries = history[row.id, default: []]
        entries.append(snapshot)
        history[row.id] = Array(entries.suffix(Self.historyLimit))
        if editor?.id == row.id, sending == nil {
            response.show(snapshot)
            response.historySelection = max(0, (history[row.id]?.count ?? 1) - 1)
        }
        return []
    }

    /// The run is over.
    mutating func testsFinished(cancelled: Bool) {
        guard let run = testRun else { return }
        testRun?.finished = true
        testRun?.running = nil
        testRun?.cancelled = cancelled
        status = "\(run.folder): \(testRun?.tally ?? "")\(cancelled ? " (cancelled)" : "")"
    }
}
