import CourierCollections
import CourierUI
import Testing

@Suite("File picker")
struct FilePickerTests {
    /// list-users with a file body, its picker open on the files near it.
    private func picking() -> Harness {
        var definitions = sampleDefinitions
        definitions["Demo/users/list-users"]?.body = .file("")
        var harness = Harness(width: 120, height: 40)
        harness.state = ExplorerState(width: 120, height: 40, tree: sampleTree, definitions: definitions)
        harness.press(.character("p"))
        harness.type("list-users")
        harness.press(.enter, .tab, .character("]"), .character("]"), .character("o"))
        #expect(harness.effects.last == .listFiles(requestId: "Demo/users/list-users"))
        harness.receive(.filesListed(["./payload.bin"]))
        return harness
    }

    private var browsed: (Harness) -> [String] {
        { $0.effects.compactMap { if case .browseFiles(_, let folder) = $0 { folder } else { nil } } }
    }

    @Test("Typing a folder/ lists it, relative, absolute or under ~; its entries replace the candidates")
    func browsing() throws {
        var harness = picking()
        harness.type("../")
        #expect(browsed(harness) == ["../"])
        harness.receive(.folderListed(typed: "../", folder: "../", entries: ["../../", "../files/", "../notes.txt"]))
        #expect(harness.state.palette?.candidates == ["../../", "../files/", "../notes.txt"])
        harness.press(.ctrl("u"))
        harness.type("~")
        #expect(browsed(harness).last == "../", "~ waits for its slash")
        harness.type("/")
        #expect(browsed(harness).last == "~/")
        harness.receive(.folderListed(typed: "~/", folder: "/home/ada/", entries: ["/home/ada/../", "/home/ada/avatar.png"]))
        #expect(harness.state.palette?.field.text == "/home/ada/", "~ is written out: request files take absolute or relative paths")
        harness.press(.ctrl("u"))
        harness.type("/nowhere/")
        harness.receive(.folderListed(typed: "/nowhere/", folder: "/nowhere/", entries: nil))
        #expect(harness.state.status == "cannot list '/nowhere/': no such folder")
    }

    @Test("Choosing a folder goes into it; choosing a file attaches it; a path typed is taken as it is")
    func choosing() throws {
        var harness = picking()
        harness.type("../")
        harness.receive(.folderListed(typed: "../", folder: "../", entries: ["../files/", "../notes.txt"]))
        harness.press(.enter)
        #expect(browsed(harness).last == "../files/")
        #expect(harness.state.palette?.field.text == "../files/")
        harness.receive(.folderListed(typed: "../files/", folder: "../files/", entries: ["../files/report.pdf"]))
        harness.press(.enter)
        #expect(harness.state.palette == nil)
        #expect(harness.state.editor?.draft.body == .file("../files/report.pdf"))

        harness.press(.character("o"))
        harness.receive(.filesListed([]))
        harness.type("/tmp/upload.bin")
        harness.press(.enter)
        #expect(harness.state.editor?.draft.body == .file("/tmp/upload.bin"))
    }
}
