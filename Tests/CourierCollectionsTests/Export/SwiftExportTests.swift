@testable import CourierCollections
import Courier
import CourierDemoServer
import CourierTestSupport
import Foundation
import Testing

@Suite("Export to Swift")
struct SwiftExportTests {
    @Test("Shop as Swift matches its golden file")
    func golden() throws {
        let shop = try ExportFixtures.shop()
        let example = Data(#"{"data": {"items": [{"id": 1, "total": 19, "status": "open"}, {"id": 2, "total": 20.5, "status": "open", "coupon": "X"}]}}"#.utf8)
        let document = SwiftExporter.export(shop, options: CollectionExportOptions(responseExamples: ["Shop/orders/list-orders": example]))
        try ExportFixtures.expectGolden(document.text, "Shop.swift")
        #expect(document.text.contains("typealias ResponseObjectType = [ListOrdersResponseItem]"))
        #expect(document.text.contains("let coupon: String?"))
        #expect(document.text.contains("let total: Double"))
        // No example for the others: the response is Data, and the file says why.
        #expect(document.text.contains("typealias ResponseObjectType = Data"))
        #expect(document.text.contains("No JSON example of its response"))
        // A secret variable is a property without a default, so the caller must pass it.
        #expect(document.text.contains("    var apiToken: String\n"))
        #expect(!document.text.contains("tok-123"))
    }

    /// The generated file, compiled against the Courier module built for these tests and run
    /// against the demo server: the requests go out and their responses decode into the inferred types.
    @Test("The generated Swift compiles against Courier and runs against the demo server", .timeLimit(.minutes(5)))
    func compilesAndRuns() async throws {
        let server = try await DemoServer.start()
        defer { Task { await server.stop() } }
        // The whole Demo collection compiles; a few of its requests run.
        var users = try ExportFixtures.demo()
        users.baseUrl = server.url
        // What History would hold: the last response of each request, fetched here over the wire.
        let endpoint = Endpoint(baseUrl: try #require(URL(string: server.url)))
        var examples: [String: Data] = [:]
        examples["Demo/users/list-users"] = try await DefaultRequest<Data, String>(path: "users", method: .get, queryParams: [("page", "1"), ("per_page", "5")])
            .asyncExecute(on: endpoint)
        examples["Demo/users/get-user"] = try await DefaultRequest<Data, String>(path: "users/2", method: .get).asyncExecute(on: endpoint)
        let document = SwiftExporter.export(users, options: CollectionExportOptions(responseExamples: examples))

        let directory = try TemporaryDirectory()
        let generated = try directory.write("Generated.swift", document.text)
        let main = try directory.write("main.swift", """
            import Courier
            import Foundation

            guard let base = URL(string: CommandLine.arguments[1]) else { fatalError("no base URL") }
            let endpoint = DemoAPI.endpoint(baseURL: base)
            let page = try await ListUsersRequest().asyncExecute(on: endpoint)
            print("list:", page.count, page[0].name, page[0].createdAt)
            let user = try await GetAUserRequest(userId: "3").asyncExecute(on: endpoint)
            print("get:", user.id, user.name)
            let created = try await CreateAUserRequest().asyncExecute(on: endpoint)
            print("created:", created.count > 0)
            var upload = UploadAnAvatarRequest()
            upload.filesFolder = URL(fileURLWithPath: CommandLine.arguments[2])
            let parts = try await upload.asyncExecute(on: endpoint)
            print("upload:", String(decoding: parts, as: UTF8.self).contains("avatar.png"))
            """)
        let built = try await SwiftCompilation.build([generated, main], into: directory.url.appendingPathComponent("runner"))
        #expect(built.status == 0, "swiftc failed:\n\(built.stderr)\n\(document.text)")
        guard built.status == 0 else { return }
        let files = Checkout.collections.appendingPathComponent("Demo/files").path
        let run = try await Processes.run([directory.url.appendingPathComponent("runner").path, server.url, files], timeout: 60)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdoutText == "list: 5 Ada Lovelace 2024-01-10T09:30:00Z\nget: 3 Grace Hopper\ncreated: true\nupload: true\n")
    }
}
