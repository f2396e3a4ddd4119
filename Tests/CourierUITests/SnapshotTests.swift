import CourierUI
import Foundation
import Testing

/// Full-screen snapshots: the text layer, then a style layer naming each cell's style, kept under
/// `Snapshots/`. `RECORD_SNAPSHOTS=1 swift test` writes them anew.
@Suite("Explorer snapshots")
struct SnapshotTests {
    @Test("The explorer at 80×24 and 120×40", arguments: [(80, 24), (120, 40)])
    func explorer(width: Int, height: Int) throws {
        var harness = Harness(width: width, height: height)
        harness.press(.down, .enter, .down, .down)
        try assertSnapshot(harness.screen, named: "explorer-\(width)x\(height)")
    }

    @Test("The help overlay at 80×24")
    func help() throws {
        var harness = Harness()
        harness.press(.character("?"))
        try assertSnapshot(harness.screen, named: "help-80x24")
    }

    @Test("Problem markers in the tree and the open request's problems at 80×24")
    func problems() throws {
        var harness = Harness(tree: ProblemsTests.tree, problems: ProblemsTests.all)
        harness.press(.down, .character("l"), .down, .down, .down)
        try assertSnapshot(harness.screen, named: "problems-80x24")
    }

    @Test("The difference between the draft and a change on disk at 80×24")
    func difference() throws {
        var harness = Harness.opening("create-user")
        harness.press(.tab)
        harness.pickMethod("PUT")
        harness.effects += harness.state.update(.fileChanged(id: DiskTests.id, DiskTests.theirs, problems: []))
        try assertSnapshot(harness.screen, named: "conflict-80x24")
        harness.press(.right, .right, .enter)
        try assertSnapshot(harness.screen, named: "difference-80x24")
    }

    private func assertSnapshot(_ screen: Screen, named name: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let file = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Snapshots/\(name).txt")
        let actual = Self.snapshot(of: screen)
        if ProcessInfo.processInfo.environment["RECORD_SNAPSHOTS"] == "1" || !FileManager.default.fileExists(atPath: file.path) {
            try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            try actual.write(to: file, atomically: true, encoding: .utf8)
            return
        }
        let expected = try String(contentsOf: file, encoding: .utf8)
        #expect(actual == expected, "snapshot \(name) differs; RECORD_SNAPSHOTS=1 re-records it", sourceLocation: sourceLocation)
    }

    /// Text rows, then the same grid with one letter per distinct style and a legend.
    static func snapshot(of screen: Screen) -> String {
        var legend: [Style: Character] = [Style.plain: "."]
        let letters = Array("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ")
        var styleRows: [String] = []
        for row in 0..<screen.height {
            var line = ""
            for column in 0..<screen.width {
                let style = screen[row, column].style
                if legend[style] == nil { legend[style] = letters[(legend.count - 1) % letters.count] }
                line.append(legend[style] ?? "?")
            }
            styleRows.append(line)
        }
        let names = legend.sorted { $0.value < $1.value }.map { "\($0.value) = \(describe($0.key))" }
        return (0..<screen.height).map { screen.line($0) }.joined(separator: "\n") + "\n--- styles ---\n"
            + styleRows.joined(separator: "\n") + "\n--- legend ---\n" + names.joined(separator: "\n") + "\n"
    }

    private static func describe(_ style: Style) -> String {
        var parts = ["fg \(style.foreground)", "bg \(style.background)"]
        for (flag, name) in [(style.bold, "bold"), (style.dim, "dim"), (style.italic, "italic"), (style.underline, "underline"), (style.reverse, "reverse")] where flag {
            parts.append(name)
        }
        return parts.joined(separator: ", ")
    }
}
