import CourierUI
import Testing

/// Clicks as the model routes them: tabs switch, a double click opens, overlays keep clicks from
/// reaching what is behind them.
@Suite("Mouse")
struct MouseTests {
    /// The cell where `text` is drawn, found on the screen as rendered (by display columns).
    private func cell(of text: String, in harness: Harness, below: Int = 0) -> (row: Int, column: Int)? {
        let screen = harness.screen
        for row in below..<screen.height {
            let line = screen.line(row)
            guard let range = line.range(of: text) else { continue }
            return (row, DisplayWidth.of(line[..<range.lowerBound]))
        }
        return nil
    }

    private func click(_ harness: inout Harness, _ text: String, below: Int = 0, kind: MouseEvent.Kind = .press) {
        guard let cell = cell(of: text, in: harness, below: below) else {
            Issue.record("\(text) is not on screen")
            return
        }
        harness.send(.mouse(MouseEvent(kind: kind, row: cell.row, column: cell.column + 1)))
    }

    @Test("Clicking a response tab switches to it and focuses the response pane")
    func responseTab() {
        var harness = Harness.answered(ResponsePaneTests.snapshot(1))
        harness.press(.tab)  // focus elsewhere first
        click(&harness, " Debug ")
        #expect(harness.state.response.tab == .debug)
        #expect(harness.state.focus == .response)
        click(&harness, " Headers ", below: 10)
        #expect(harness.state.response.tab == .headers)
    }

    @Test("Clicking a request tab switches to it and focuses the request pane")
    func requestTab() {
        var harness = Harness.opening("create-user", width: 120, height: 40)
        #expect(harness.state.focus == .collections)
        click(&harness, " Auth ")
        #expect(harness.state.editor?.tab == .auth)
        #expect(harness.state.focus == .request)
    }

    @Test("A double click on a request opens it; on a folder it folds or unfolds it")
    func doubleClick() {
        var harness = Harness(width: 100, height: 30)
        click(&harness, "▸ users", kind: .doublePress)
        #expect(harness.state.expanded.contains("Demo/users"))
        click(&harness, "list-users")
        #expect(harness.state.focus == .collections, "one click only selects (the pane shows the request)")
        click(&harness, "list-users", kind: .doublePress)
        #expect(harness.state.editor?.id == "Demo/users/list-users")
        #expect(harness.state.focus == .request, "opened, as Enter opens")
        click(&harness, "▾ users", kind: .doublePress)
        #expect(!harness.state.expanded.contains("Demo/users"))
    }

    @Test("A click with the palette open does not reach the panes behind it")
    func overlay() {
        var harness = Harness.answered(ResponsePaneTests.snapshot(1))
        let debug = cell(of: " Debug ", in: harness)
        harness.press(.character("p"))
        if let debug { harness.send(.mouse(MouseEvent(kind: .press, row: debug.row, column: debug.column + 1))) }
        #expect(harness.state.response.tab == .body)
        #expect(harness.state.palette != nil)
    }

    @Test("Two presses on one cell within the interval are a double click; a third starts over; far apart or elsewhere they are not")
    func clickCounter() {
        var counter = ClickCounter()
        let start = ContinuousClock.now
        let press = MouseEvent(kind: .press, row: 3, column: 4)
        #expect(counter.classify(press, at: start).kind == .press)
        #expect(counter.classify(press, at: start + .milliseconds(200)).kind == .doublePress)
        #expect(counter.classify(press, at: start + .milliseconds(300)).kind == .press)
        #expect(counter.classify(press, at: start + .milliseconds(900)).kind == .press, "too late")
        #expect(counter.classify(MouseEvent(kind: .press, row: 3, column: 5), at: start + .milliseconds(950)).kind == .press, "another cell")
        #expect(counter.classify(MouseEvent(kind: .wheelUp, row: 3, column: 5), at: start + .milliseconds(960)).kind == .wheelUp)
    }
}
