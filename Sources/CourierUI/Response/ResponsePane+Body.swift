import CourierJSON

/// Moving through the body with folds: the cursor and the top line are line numbers of the
/// document, and a folded opener stands for every line up to its closing line.
extension ResponsePane {
    /// Lines of the body as shown (raw or pretty).
    var lineCount: Int {
        guard let body = current?.body else { return 0 }
        return raw ? body.raw.count : body.lineCount
    }

    func text(ofLine index: Int) -> String {
        guard let body = current?.body else { return "" }
        return raw ? body.raw.line(index) : body.line(index)
    }

    var document: JSONPrettyDocument? {
        guard !raw, let body = current?.body, case .json(let document) = body.content else { return nil }
        return document
    }

    /// The line shown after `line`.
    func nextVisible(after line: Int) -> Int {
        if let document, folded.contains(line), document.closingLine[line] > line { return Int(document.closingLine[line]) + 1 }
        return line + 1
    }

    /// The line shown before `line`.
    func previousVisible(before line: Int) -> Int {
        representative(of: line - 1)
    }

    /// The line that shows `line`: itself, or the outermost folded opener hiding it.
    func representative(of line: Int) -> Int {
        guard let document, line >= 0 else { return max(0, line) }
        var result = line
        for opener in folded where opener < result && Int(document.closingLine[opener]) >= line {
            result = opener
        }
        return result
    }

    /// Moves the cursor by `steps` shown lines and keeps it on screen.
    mutating func moveCursor(by steps: Int, height: Int) {
        let count = lineCount
        guard count > 0 else { return }
        var line = cursor
        if steps > 0 {
            for _ in 0..<steps {
                let next = nextVisible(after: line)
                guard next < count else { break }
                line = next
            }
        } else {
            for _ in 0..<(-steps) where line > 0 { line = previousVisible(before: line) }
        }
        cursor = line
        keepCursorVisible(height: height)
    }

    mutating func moveCursor(to line: Int, height: Int) {
        cursor = representative(of: max(0, min(line, lineCount - 1)))
        keepCursorVisible(height: height)
    }

    /// Scrolls so the cursor shows; costs the height, not the body.
    mutating func keepCursorVisible(height: Int) {
        let height = max(1, height)
        top = representative(of: min(top, max(0, lineCount - 1)))
        if cursor < top {
            top = cursor
            return
        }
        var line = top
        for _ in 0..<height {
            if line == cursor { return }
            line = nextVisible(after: line)
        }
        // The cursor is below the screen: put it on the last row.
        var first = cursor
        for _ in 0..<(height - 1) where first > 0 { first = previousVisible(before: first) }
        top = first
    }

    /// Folds or unfolds the container the cursor is on.
    mutating func toggleFold(height: Int) -> Bool {
        guard let document, document.lineCount > cursor else { return false }
        var opener = cursor
        if document.closingLine[opener] < 0 {
            guard let found = document.opener(ofClosing: opener) else { return false }
            opener = found
        }
        if folded.contains(opener) { folded.remove(opener) } else { folded.insert(opener) }
        cursor = opener
        keepCursorVisible(height: height)
        return true
    }

    /// Jumps to the next (or previous) match, unfolding what hides it.
    mutating func jumpToMatch(forward: Bool, height: Int) -> Bool {
        guard !matches.isEmpty else { return false }
        let target = forward ? (matches.first { $0 > cursor } ?? matches[0]) : (matches.last { $0 < cursor } ?? matches[matches.count - 1])
        if let document {
            folded = folded.filter { !($0 < target && Int(document.closingLine[$0]) >= target) }
        }
        cursor = target
        keepCursorVisible(height: height)
        return true
    }
}
