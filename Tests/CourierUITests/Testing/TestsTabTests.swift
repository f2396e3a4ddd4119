import Courier
import CourierCollections
import CourierJSON
import CourierUI
import Foundation
import Testing

/// The response pane's Tests tab and the key path keys that write `expect:` and `capture:` lines.
@Suite("Tests tab and tests from key paths")
struct TestsTabTests {
    static let body = #"{"data": {"id": 7, "name": "Ada", "token": "s3cr3t-t0ken-value"}}"#

    /// create-user sent and answered with `body`, judged by two assertions (one failing) and two captures.
    static func answered() throws -> Harness {
        var harness = Harness.opening("create-user", width: 120, height: 40)
        harness.press(.ctrl("r"))
        let facts = ResponseFacts(status: 201, headers: [("Content-Type", "application/json")], body: Data(body.utf8), duration: 0.02)
        let assertions = try ["status == 201", #"body data/name == "Grace""#].map { try AssertionGrammar.assertion($0) }
        let captures = [CaptureDefinition(name: "userId", subject: .bodyPath(JSONKeyPath("data/id"))),
                        CaptureDefinition(name: "accessToken", subject: .bodyPath(JSONKeyPath("data/token")))]
        var redactor = SecretRedactor()
        redactor.insert("s3cr3t-t0ken-value")
        var snapshot = ResponseSnapshot(sequence: 1, status: 201, reason: "Created", headers: [(name: "Content-Type", value: "application/json")],
                                        body: BodyDocument.make(Data(body.utf8), contentType: "application/json"), duration: 0.02,
                                        failure: nil, debugLines: [], finishedAt: "12:00:00")
        snapshot.redactor = redactor
        snapshot.tests = ResponseTests(assertions: assertions.map { ResponseChecks.evaluate($0, against: facts) },
                                       captures: captures.map { ResponseChecks.capture($0, from: facts) }, verdict: .failed, status: 201)
        harness.receive(.finished(id: "Demo/users/create-user", snapshot))
        return harness
    }

    @Test("The tab title counts the assertions that passed; the tab shows ✓/✗, expected and actual, captures masked when secret")
    func tabShowsResults() throws {
        var harness = try Self.answered()
        #expect(harness.screen.text.contains(" Tests 1/2 "), "the title carries the count:\n\(harness.screen.text)")
        // From Body, `[` goes round to the last tab, Tests.
        harness.press(.tab, .tab, .character("["))
        #expect(harness.state.response.tab == .tests)
        let text = harness.screen.text
        #expect(text.contains("✓ status == 201"))
        #expect(text.contains(#"✗ body data/name == "Grace""#))
        #expect(text.contains(#"expected  == "Grace""#) && text.contains(#"actual    "Ada""#), "a failure says what was expected and what was there:\n\(text)")
        #expect(text.contains("userId") && text.contains("  7"), "a plain capture shows its value:\n\(text)")
        #expect(text.contains("accessToken  ••••••  (secret)"), "a credential-like capture is masked:\n\(text)")
        #expect(!text.contains("s3cr3t-t0ken-value"), "the secret is nowhere on screen")
    }

    @Test("x, = and K on the Body cursor write an exists line, an == line with the value now, and a capture")
    func keysWriteTests() throws {
        var harness = try Self.answered()
        harness.press(.tab, .tab)
        // Lines: {, "data": {, "id": 7, …: the cursor on "id".
        harness.press(.character("j"), .character("j"))
        #expect(harness.state.response.cursorPath?.description == "data/id")
        harness.press(.character("x"), .character("="), .character("K"))
        let draft = try #require(harness.state.editor?.draft)
        #expect(draft.expectations.map(\.text) == ["body data/id exists", "body data/id == 7"])
        #expect(draft.captures.map(\.name) == ["id"] && draft.captures.first?.subject == .bodyPath(JSONKeyPath("data/id")))
        #expect(harness.state.editor?.isDirty == true)
        // The token is a secret: no == line would write it into the file.
        harness.press(.character("j"), .character("j"))
        #expect(harness.state.response.cursorPath?.description == "data/token")
        harness.press(.character("="))
        #expect(harness.state.editor?.draft.expectations.count == 2)
        #expect(harness.state.status.contains("holds a secret"))
        // A second capture of a taken name is numbered.
        harness.press(.character("k"), .character("k"), .character("K"))
        #expect(harness.state.editor?.draft.captures.map(\.name) == ["id", "id2"])
    }

    @Test("The Key path tab's typed path is what x writes")
    func keyPathTabWritesTypedPath() throws {
        var harness = try Self.answered()
        harness.press(.tab, .tab, .character("]"), .character("]"), .enter)
        harness.type("data/name")
        harness.press(.enter, .character("x"))
        #expect(harness.state.editor?.draft.expectations.map(\.text) == ["body data/name exists"])
    }

    @Test("The request's Tests tab adds, edits, refuses and deletes expect: lines and captures")
    func requestTabEdits() throws {
        var harness = Harness.opening("create-user", width: 120, height: 40)
        harness.press(.tab)
        for _ in 0..<6 { harness.press(.character("]")) }
        #expect(harness.state.editor?.tab == .tests)
        // a opens a new line with an example in it; typing replaces it.
        harness.press(.character("a"))
        #expect(harness.state.editor?.edit?.target == .assertion(0))
        for _ in 0..<13 { harness.press(.backspace) }
        harness.type("status = 201")
        harness.press(.enter)
        #expect(harness.state.status.contains("not an expect: line"), "\(harness.state.status)")
        #expect(harness.state.editor?.edit != nil, "a refused line stays open to be fixed")
        for _ in 0..<5 { harness.press(.backspace) }
        harness.type("== 201")
        harness.press(.enter)
        #expect(harness.state.editor?.draft.expectations.map(\.text) == ["status == 201"])
        #expect(harness.screen.text.contains("Tests 1"))
        // Below the captures heading, a adds a capture: its name, then tab to its source.
        harness.press(.character("j"), .character("a"))
        harness.press(.backspace, .backspace, .backspace, .backspace, .backspace)
        harness.type("userId")
        harness.press(.tab)
        for _ in 0..<6 { harness.press(.backspace) }
        harness.type("body data/id")
        harness.press(.enter)
        let capture = try #require(harness.state.editor?.draft.captures.first)
        #expect(capture.name == "userId" && capture.subject == .bodyPath(JSONKeyPath("data/id")) && !capture.isSecret)
        harness.press(.character(" "))
        #expect(harness.state.editor?.draft.captures.first?.secret == true)
        harness.press(.character("d"))
        #expect(harness.state.editor?.draft.captures.isEmpty == true)
        harness.press(.character("k"), .character("d"))
        #expect(harness.state.editor?.draft.expectations.isEmpty == true)
        #expect(harness.state.editor?.isDirty == false, "everything added was taken away again")
    }
}
