import CourierUI
import Foundation
import Testing

/// Every widget drawn on one screen, kept as a snapshot with its style layer.
@Suite("Widget snapshots")
struct WidgetSnapshotTests {
    @Test("Widgets at 80×24")
    func widgets() throws {
        var screen = Screen(width: 80, height: 24)
        let theme = Theme.standard
        var tabs = TabBar(titles: ["Body", "Headers", "Key path", "cURL", "Debug"])
        tabs.next()
        tabs.render(row: 0, column: 0, width: 80, on: &screen, normal: theme.style(.dim), active: theme.style(.selection))
        var table = KeyValueTable(rows: [
            .init(name: "Accept", value: "application/json"),
            .init(name: "X-Trace", value: "{{$uuid}}", enabled: false),
            .init(name: "Authorization", value: "Bearer s3cr3t"),
        ])
        table.handle(.down)
        table.render(in: Rect(x: 0, y: 2, width: 50, height: 3), on: &screen, style: .plain, selected: theme.style(.selection),
                     disabled: theme.style(.dim), masked: ["Authorization"])
        ProgressBar(fraction: 0.42).render(in: Rect(x: 0, y: 6, width: 30, height: 1), on: &screen, filled: theme.style(.focus), empty: theme.style(.dim))
        var field = TextField("https://api.example.com/users?page=2")
        field.render(on: &screen, row: 8, column: 0, width: 30, style: theme.style(.title), focused: true)
        var editor = TextEditor("{\n  \"name\": \"Ada\",\n  \"tags\": [\"math\"]\n}")
        editor.handle(.down)
        editor.handle(.shiftDown)
        editor.render(in: Rect(x: 40, y: 6, width: 30, height: 4), on: &screen, style: .plain, selectionStyle: theme.style(.selection), focused: false)
        var scroll = ScrollView()
        scroll.scroll(by: 3, lineCount: 100, height: 4)
        scroll.render(ArrayLineSource((1...100).map { "line \($0) 日本" }), in: Rect(x: 0, y: 10, width: 30, height: 4), on: &screen,
                      style: .plain, gutter: theme.style(.dim))
        Dialog(title: "Unsaved changes", message: "Discard the edits to create-user?", buttons: ["Save", "Discard", "Cancel"])
            .render(on: &screen, box: theme.border(focused: true), text: theme.style(.overlay), button: .plain, active: theme.style(.selection))
        var palette = Palette(candidates: ["Demo/users/list-users", "Demo/auth/login"])
        _ = palette.handle(.character("l"))
        var small = Screen(width: 40, height: 6)
        palette.render(on: &small, box: theme.border(focused: true), text: theme.style(.overlay), selected: theme.style(.selection))
        for row in 0..<small.height { screen.put(small.line(row), row: 18 + row, column: 0) }
        let actual = SnapshotTests.snapshot(of: screen)
        let file = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Snapshots/widgets-80x24.txt")
        if ProcessInfo.processInfo.environment["RECORD_SNAPSHOTS"] == "1" || !FileManager.default.fileExists(atPath: file.path) {
            try actual.write(to: file, atomically: true, encoding: .utf8)
            return
        }
        #expect(actual == (try String(contentsOf: file, encoding: .utf8)), "snapshot widgets-80x24 differs; RECORD_SNAPSHOTS=1 re-records it")
    }
}
