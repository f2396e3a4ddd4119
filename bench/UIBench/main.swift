import CourierUI
import Foundation

// Rendering figures for the explorer engine, against the targets of the engine issue.

func time(_ iterations: Int, _ body: () -> Void) -> Double {
    let started = ContinuousClock.now
    for _ in 0..<iterations { body() }
    let elapsed = ContinuousClock.now - started
    return (Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18) / Double(iterations) * 1000
}

/// A million generated lines, produced on demand like a response body's index would.
struct GeneratedLines: LineSource {
    let lineCount: Int
    func line(at index: Int) -> String { "    \"item-\(index)\": {\"id\": \(index), \"name\": \"Item \(index)\", \"tags\": [\"a\", \"b\"]}," }
}

var tree: [TreeNode] = []
for collection in 0..<5 {
    tree.append(TreeNode(id: "C\(collection)", title: "Collection \(collection)", children: (0..<40).map {
        TreeNode(id: "C\(collection)/r\($0)", title: "request number \($0) 日本", method: ["GET", "POST", "PUT", "DELETE"][$0 % 4])
    }))
}
var state = ExplorerState(width: 200, height: 60, tree: tree)
var previous = state.render()
var toggle = false
let frame = time(500) {
    toggle.toggle()
    _ = state.update(.event(.key(toggle ? .down : .up)))
    let screen = state.render()
    _ = screen.changes(since: previous)
    previous = screen
}

let lines = GeneratedLines(lineCount: 1_000_000)
var view = ScrollView()
var screen = Screen(width: 200, height: 60)
let scrollFrame = time(500) {
    view.scroll(by: 997, lineCount: lines.lineCount, height: 58)
    screen = Screen(width: 200, height: 60)
    view.render(lines, in: Rect(x: 0, y: 1, width: 200, height: 58), on: &screen, style: .plain, gutter: .plain)
}

var field = TextField()
var editorScreen = Screen(width: 200, height: 1)
let typing = time(10_000) {
    field.handle(.character("x"))
    field.render(on: &editorScreen, row: 0, column: 0, width: 200, style: .plain, focused: true)
}

var editor = TextEditor()
var editorArea = Screen(width: 120, height: 40)
let editorTyping = time(10_000) {
    editor.handle(.character("a"))
    if editor.cursor.column % 80 == 79 { editor.handle(.enter) }
    editor.render(in: editorArea.bounds, on: &editorArea, style: .plain, selectionStyle: Style(reverse: true), focused: true)
}
let megabyte = String(repeating: "{\"id\": 1, \"name\": \"Ada Lovelace\", \"tags\": [\"a\", \"b\"]},\n", count: 17_000)
var pasteTarget = TextEditor()
let paste = time(1) {
    pasteTarget.insert(megabyte)
    pasteTarget.render(in: editorArea.bounds, on: &editorArea, style: .plain, selectionStyle: Style(reverse: true), focused: true)
}

func row(_ name: String, _ milliseconds: Double, target: Double) -> String {
    name.padding(toLength: 58, withPad: " ", startingAt: 0) + String(format: "%8.3f ms   target < %5.1f ms   %@", milliseconds, target,
                                                                    milliseconds < target ? "ok" : "MISSED")
}
print("Explorer engine, release build, mean per frame")
print(String(repeating: "-", count: 100))
print(row("keypress → render → diff, 200×60 explorer", frame, target: 1))
print(row("scroll a 1,000,000-line view and render 200×60", scrollFrame, target: 16))
print(row("type one character into a 10,000-character text field", typing, target: 16))
print(row("type one character into the body editor (10,000 typed)", editorTyping, target: 16))
print(row("paste \(megabyte.utf8.count / 1024) KB into the body editor and draw it", paste, target: 100))
