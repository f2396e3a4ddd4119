import CourierCollections
import CourierExplorer
import CourierTestSupport
import CourierUI
import Foundation
import Testing

/// Captures, tests and drafts through the whole session: real sockets to the loopback demo
/// server, real files in a temporary state folder.
@Suite("Captures, folder runs and drafts in the explorer's session", .serialized)
struct TestingSessionTests {
    /// The state folder of the copy's Demo collection with no environment.
    static func captures(_ collections: URL, state: URL) -> StateFolder {
        StateFolder(collectionRoot: collections.appendingPathComponent("Demo"), environment: nil, processEnvironment: ["XDG_STATE_HOME": state.path])
    }

    @Test("A send is judged in the Tests tab and captures into the state folder the CLI reads; the next request uses it")
    func sendCapturesAndUses() async throws {
        let state = try TemporaryDirectory()
        try await SessionHarness.run(state: state.url) { terminal, collections in
            try await SessionHarness.open("flows/sign-in", titled: "POST Demo/flows/sign-in", in: terminal)
            terminal.press(.ctrl("r"))
            try await terminal.waitFor { $0.contains("200 OK") && $0.contains(" Tests 5/5 ") }
            let captured = CapturedVariables.load(from: Self.captures(collections, state: state.url))
            let token = try #require(captured.values["accessToken"])
            #expect(token.secret && !token.value.isEmpty, "a credential-like capture is kept as secret")
            // The profile sends the captured token: its three assertions hold.
            try await SessionHarness.open("flows/profile", titled: "GET Demo/flows/profile", in: terminal)
            terminal.press(.ctrl("r"))
            let screen = try await terminal.waitFor { $0.contains(" Tests 3/3 ") }
            #expect(!screen.contains(token.value), "the token is never on screen")
        }
    }

    @Test("A send whose requires: captures are missing runs the required request first, as courier run does")
    func sendRunsRequirements() async throws {
        let state = try TemporaryDirectory()
        try await SessionHarness.run(state: state.url) { terminal, collections in
            // Nothing captured yet: the profile needs flows/sign-in's token.
            try await SessionHarness.open("flows/profile", titled: "GET Demo/flows/profile", in: terminal)
            terminal.press(.ctrl("r"))
            let screen = try await terminal.waitFor { $0.contains("200 OK") && $0.contains(" Tests 3/3 ") }
            #expect(screen.contains("ran first (requires): Demo/flows/sign-in ✓"), "\(screen)")
            let captured = CapturedVariables.load(from: Self.captures(collections, state: state.url))
            #expect(captured.values["accessToken"]?.secret == true, "the required request's capture is kept for the CLI too")
        }
    }

    @Test("A variable captured by another process outranks the collection's")
    func capturedByTheCLI() async throws {
        let state = try TemporaryDirectory()
        try await SessionHarness.run(state: state.url) { terminal, collections in
            try CapturedVariables(values: ["userId": .init(value: "3", secret: false)]).save(to: Self.captures(collections, state: state.url))
            try await SessionHarness.open("get-user", titled: "GET Demo/users/get-user", in: terminal)
            terminal.press(.ctrl("r"))
            try await terminal.waitFor { $0.contains("200 OK") && $0.contains("\"id\": 3") }
        }
    }

    @Test("test Demo/flows in the palette runs the folder with courier test's runner; ⏎ opens a result")
    func folderRun() async throws {
        try await SessionHarness.run { terminal, _ in
            terminal.press(.character("p"))
            terminal.type("test Demo/flows")
            terminal.press(.enter)
            // Eight requests in a row to the demo server the whole suite shares: a deadline for all of them, not one.
            // The last row comes before the run is over (its captures are saved first), and ⏎ opens only then:
            // the title drops "· running" when it is.
            let screen = try await terminal.waitFor(timeout: 240) {
                $0.contains("Tests of Demo/flows · 7 passed, 0 failed, 1 skipped") && !$0.contains("1 skipped · running")
            }
            #expect(screen.contains("✓ Demo/flows/sign-in") && screen.contains("– Demo/flows/failing-example"), "\(screen)")
            terminal.press(.enter)
            try await terminal.waitFor { $0.contains("POST Demo/flows/sign-in") && $0.contains(" Tests 5/5 ") && $0.contains("✓ status == 200") }
        }
    }

    @Test("Unsaved edits are journaled as they happen and restored on the next start; a save removes the draft")
    func draftsSurvive() async throws {
        let state = try TemporaryDirectory()
        let folder = try TemporaryDirectory()
        let collections = try folder.copy(Checkout.collections, as: "Collections")
        let store = FileCollectionStore(directory: collections)
        let drafts = StateFolder.drafts(collectionRoot: collections.appendingPathComponent("Demo"), processEnvironment: ["XDG_STATE_HOME": state.url.path])
        let (first, loop) = try await SessionHarness.start(on: store, state: state.url)
        try await SessionHarness.open("create-user", titled: "POST Demo/users/create-user", in: first)
        // The Name row, edited.
        first.press(.tab, .character("k"), .enter)
        first.type(" again")
        first.press(.enter)
        try await first.waitFor { $0.contains("Create a user again") && $0.contains("● unsaved") }
        try await first.waitFor { _ in !drafts.fileNames().isEmpty }
        #expect(drafts.fileNames().allSatisfy { $0.hasSuffix(".draft.json") })
        first.hangUp()
        try await first.waitFor { _ in loop.isFinished }

        let (second, again) = try await SessionHarness.start(on: store, state: state.url)
        defer { second.hangUp() }
        let screen = try await second.waitFor { $0.contains("restored unsaved edits of Demo/users/create-user") }
        #expect(screen.contains("Create a user again") && screen.contains("● unsaved"), "\(screen)")
        second.press(.ctrl("s"))
        try await second.waitFor { $0.contains("saved Demo/users/create-user") }
        try await second.waitFor { _ in drafts.fileNames().isEmpty }
        let text = try String(contentsOf: collections.appendingPathComponent("Demo/users/create-user.yaml"), encoding: .utf8)
        #expect(text.hasPrefix("name: Create a user again\n"), "\(text)")
        second.press(.character("q"))
        try await second.waitFor { _ in again.isFinished }
    }
}
