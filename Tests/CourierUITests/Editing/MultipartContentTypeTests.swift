import Courier
import CourierCollections
import CourierUI
import Testing

@Suite("Multipart content types")
struct MultipartContentTypeTests {
    /// list-users turned into a multipart request with an image part whose `mime:` says image/png.
    private func uploading() -> Harness {
        var definitions = sampleDefinitions
        definitions["Demo/users/list-users"]?.body = .multipart([MultipartField(name: "avatar", file: "avatar.png", mime: "image/png")])
        var harness = Harness(width: 120, height: 40)
        harness.state = ExplorerState(width: 120, height: 40, tree: sampleTree, definitions: definitions)
        harness.press(.character("p"))
        harness.type("list-users")
        harness.press(.enter, .tab, .character("]"), .character("]"))
        return harness
    }

    @Test("A file part shows its content type under it")
    func shown() {
        let harness = uploading()
        #expect(harness.screen.text.contains("type") && harness.screen.text.contains("image/png"))
    }

    @Test("Another kind of file drops the content type chosen for the old one: a .txt goes out as text/plain, not image/png")
    func otherFileDropsMime() throws {
        var harness = uploading()
        harness.press(.down, .enter, .ctrl("u"))
        harness.type("@notes.txt")
        harness.press(.enter)
        guard case .multipart(let parts)? = harness.state.editor?.draft.body else { Issue.record("not multipart"); return }
        #expect(parts.first?.file == "notes.txt")
        #expect(parts.first?.mime == nil, "the image/png chosen for avatar.png does not follow a .txt")
        #expect(harness.screen.text.contains("text/plain  (from the file name"))
        #expect(MimeType(fileExtension: "txt")?.description == "text/plain", "what the resolver sends for it")
    }

    @Test("The type row edits mime:, refuses what is not a content type, and empty goes back to the default")
    func editType() throws {
        var harness = uploading()
        harness.press(.down, .down, .enter, .ctrl("u"))
        harness.type("image/webp")
        harness.press(.enter)
        guard case .multipart(let parts)? = harness.state.editor?.draft.body else { Issue.record("not multipart"); return }
        #expect(parts.first?.mime == "image/webp")
        harness.press(.enter, .ctrl("u"))
        harness.type("not a type")
        harness.press(.enter)
        #expect(harness.state.status.contains("'not a type' is not a content type"))
        harness.press(.enter, .ctrl("u"), .enter)
        guard case .multipart(let after)? = harness.state.editor?.draft.body else { Issue.record("not multipart"); return }
        #expect(after.first?.mime == nil)
        #expect(harness.screen.text.contains("image/png  (from the file name"))
    }
}
