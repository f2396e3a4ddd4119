import CourierUI
import Foundation
import Testing

/// Reading a response: folds say what they hide, search says where the cursor is among the matches.
@Suite("Reading responses")
struct ReadingResponsesTests {
    private func answered() -> Harness { Harness.answered(ResponsePaneTests.snapshot(1)) }

    @Test("A folded array shows its item count and closing bracket; a folded object its key count")
    func foldSummary() {
        var harness = answered()
        harness.press(.character("j"), .character("j"), .character("z"))
        #expect(harness.screen.text.contains("\"items\": [ … 3 items ]"))
        harness.press(.character("Z"), .character("G"), .character("k"), .character("z"))
        #expect(harness.screen.text.contains("\"meta\": { … 1 key }"), "\(harness.screen.text)")
        harness.press(.character("g"), .character("z"))
        #expect(harness.screen.text.contains("{ … 2 keys }"), "the root folds too")
    }

    @Test("n and N say which match the cursor is on, of how many")
    func matchPosition() {
        var harness = answered()
        harness.press(.character("/"))
        harness.type("name")
        harness.press(.enter)
        harness.runSearches()
        #expect(harness.state.status.contains("3 lines match \"name\" · match 1 of 3"))
        harness.press(.character("n"))
        #expect(harness.state.status.hasPrefix("match 2 of 3 \"name\""))
        harness.press(.character("n"), .character("n"))
        #expect(harness.state.status.hasPrefix("match 1 of 3"), "n goes round to the first")
        harness.press(.character("N"))
        #expect(harness.state.status.hasPrefix("match 3 of 3"))
    }

    @Test("A new / starts empty; n still repeats the last search")
    func newSearchStartsEmpty() {
        var harness = answered()
        harness.press(.character("/"))
        harness.type("Grace")
        harness.press(.enter)
        harness.runSearches()
        harness.press(.character("/"))
        #expect(harness.state.response.searchField?.text == "")
        harness.press(.escape, .character("n"))
        #expect(harness.state.status.hasPrefix("match 1 of 1 \"Grace\""))
    }
}

/// The Key path tab says why a path leads nowhere, and C will not make such a path the converter.
@Suite("Key path reasons")
struct KeyPathReasonTests {
    @Test("A name where an array needs an index is named as such, not as 'not an object or array'")
    func arrayReason() {
        var harness = Harness.answered(ResponsePaneTests.snapshot(1))
        harness.press(.character("]"), .character("]"), .enter)
        harness.type("data/items/name")
        let screen = harness.screen
        #expect(words(of: screen, columns: focusedPaneColumns(of: screen, rowWith: "Key path"))
            .contains("cannot look up \"name\": the value at \"data/items\" is an array, reached by index (0, 1, …)"))
        #expect(!harness.screen.text.contains("not an object or array"))
    }

    @Test("C refuses a path that does not resolve, saying why, and keeps the converter as it was")
    func converterRefused() {
        var harness = Harness.answered(ResponsePaneTests.snapshot(1))
        harness.press(.character("]"), .character("]"), .enter)
        harness.type("data/nothing")
        harness.press(.enter, .character("C"))
        #expect(harness.state.editor?.draft.converter == nil)
        #expect(harness.state.status == "converter not set: no key \"nothing\" in the object at \"data\"")
        harness.press(.enter, .ctrl("u"))
        harness.type("meta")
        harness.press(.enter, .character("C"))
        #expect(harness.state.editor?.draft.converter == "meta", "a path that resolves is taken")
    }
}
