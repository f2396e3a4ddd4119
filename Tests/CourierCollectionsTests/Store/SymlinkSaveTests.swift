import CourierCollections
import CourierTestSupport
import Foundation
import Testing

@Suite("Saving through a symbolic link")
struct SymlinkSaveTests {
    @Test("The link stays a link; the file it points to gets the edit and keeps its mode")
    func linkStays() throws {
        let folder = try TemporaryDirectory()
        try folder.write("shared/get.yaml", "name: Get\npath: users\n")
        let real = folder.url.appendingPathComponent("shared/get.yaml")
        try FileManager.default.setAttributes([.posixPermissions: 0o640], ofItemAtPath: real.path)
        try FileManager.default.createDirectory(at: folder.url.appendingPathComponent("Collections/API"), withIntermediateDirectories: true)
        let link = folder.url.appendingPathComponent("Collections/API/get.yaml")
        try FileManager.default.createSymbolicLink(atPath: link.path, withDestinationPath: "../../shared/get.yaml")
        let store = FileCollectionStore(directory: folder.url.appendingPathComponent("Collections"))
        let request = try #require(store.load().request(id: "API/get"))
        var draft = request.definition
        draft.path = "people"
        try store.saveRequest("API/get", draft, expecting: request.contentHash)
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link.path) == "../../shared/get.yaml", "still a link")
        #expect(try String(contentsOf: real, encoding: .utf8) == "name: Get\npath: people\n")
        #expect(try FileManager.default.attributesOfItem(atPath: real.path)[.posixPermissions] as? Int == 0o640)
    }
}
