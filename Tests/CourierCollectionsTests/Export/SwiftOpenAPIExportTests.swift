@testable import CourierCollections
import CourierDemoServer
import CourierTestSupport
import Foundation
import Testing

@Suite("Export to Swift: response types from an OpenAPI import's examples")
struct SwiftOpenAPIExportTests {
    /// `file` (below the OpenAPI fixtures, or a checkout path) imported into `into` and exported as Swift.
    static func exported(_ data: Data, file: String, into: String, baseUrl: String? = nil) throws -> ExportDocument {
        let imported = try OpenAPIImporter.parse(data, file: file)
        let written = try ImportFixtures.written(imported, into: into)
        #expect(written.tree.diagnostics.isEmpty, "\(written.tree.diagnostics)")
        var collection = try #require(ExportedCollection(written.tree, id: into))
        if let baseUrl { collection.baseUrl = baseUrl }
        return SwiftExporter.export(collection)
    }

    @Test("The stored examples make the types: optional where a key is not required or nullable, Double for numbers")
    func typesFromExamples() throws {
        let document = try Self.exported(try ImportFixtures.data("openapi/library-responses.yaml"), file: "library.yaml", into: "Library")
        let text = document.text
        #expect(text.contains("/// The response of List books, inferred from the examples of its request file."))
        #expect(text.contains("typealias ResponseObjectType = ListBooksResponse\n"))
        for line in ["let items: [Item]", "let total: Int", "let next: String?", "let id: Int", "let created: String?", "let subtitle: String?",
                     "let price: Double", "let format: String", "let authors: [Author]", "let born: String?", "let website: String?"] {
            #expect(text.contains("    \(line)\n"), "no '\(line)' in\n\(text)")
        }
        #expect(!text.contains("secretNote"), "a writeOnly property is never in a response")
        // The description's own example lacks `id`, which the schema requires: what the examples share decides.
        #expect(text.contains("struct GetABookResponse: Codable, Sendable, ResponseObject {"))
        // No content (204): the response stays Data.
        #expect(text.contains("struct HealthRequest: Request {\n    typealias ResponseObjectType = Data\n"))
    }

    /// The library fixture's Swift, compiled against Courier: documents its schema allows (nulls,
    /// optional keys left out, a recursive list) decode into the types its examples gave.
    @Test("The types from a schema's examples compile and decode what the schema allows", .timeLimit(.minutes(5)))
    func libraryTypesDecode() async throws {
        let document = try Self.exported(try ImportFixtures.data("openapi/library-responses.yaml"), file: "library.yaml", into: "Library")
        let directory = try TemporaryDirectory()
        let generated = try directory.write("Generated.swift", document.text)
        let main = try directory.write("main.swift", #"""
            import Courier
            import Foundation

            let decoder = JSONDecoder()
            func decode<T: Decodable>(_ type: T.Type, _ json: String) throws -> T { try decoder.decode(type, from: Data(json.utf8)) }
            let page = try decode(ListBooksResponse.self, """
                {"items": [{"id": 1, "isbn": "978", "title": "Dune", "subtitle": null, "price": 9, "format": "ebook",
                            "authors": [{"name": "Frank Herbert", "born": null}], "created": "2024-02-03T04:05:06Z"}], "total": 1, "next": null}
                """)
            print("page:", page.items[0].title, page.items[0].price, page.next == nil, page.items[0].authors[0].born == nil, page.items[0].website == nil)
            let book = try decode(GetABookResponse.self, """
                {"isbn": "979", "title": "Emma", "subtitle": null, "price": 4.5, "format": "paperback", "authors": [{"name": "Jane Austen"}]}
                """)
            print("book:", book.id == nil, book.title, book.price)
            let shelf = try decode(GetAShelfAndTheShelvesInItResponse.self, #"{"id": 1, "name": "SF", "children": [{"id": 2, "name": "Old"}]}"#)
            print("shelf:", shelf.id, shelf.name)
            let loan = try decode(BorrowABookResponse.self, #"{"id": 7, "due": "2024-05-01"}"#)
            print("loan:", loan.id, loan.renewals == nil)
            """#)
        let runner = directory.url.appendingPathComponent("runner")
        let built = try await SwiftCompilation.build([generated, main], into: runner)
        #expect(built.status == 0, "swiftc failed:\n\(built.stderr)\n\(document.text)")
        guard built.status == 0 else { return }
        let run = try await Processes.run([runner.path], timeout: 60)
        #expect(run.status == 0, "\(run.stderr)\n\(document.text)")
        #expect(run.stdoutText == "page: Dune 9.0 true true true\nbook: true Emma 4.5\nshelf: 1 SF\nloan: 7 true\n")
    }

    @Test("A response example given, as History's last response is, wins over the stored examples")
    func givenExampleWins() throws {
        let imported = try OpenAPIImporter.parse(try ImportFixtures.data("openapi/library-responses.yaml"), file: "library.yaml")
        let written = try ImportFixtures.written(imported, into: "Library")
        let collection = try #require(ExportedCollection(written.tree, id: "Library/health"))
        let document = SwiftExporter.export(collection, options: CollectionExportOptions(responseExamples: ["Library/health": Data(#"{"up": true}"#.utf8)]))
        #expect(document.text.contains("/// The response of Health, inferred from an example of it.\nstruct HealthResponse: Codable, Sendable, ResponseObject {\n    let up: Bool\n}"))
    }

    /// docs/demo-openapi.yaml imported, exported with the types its examples give, compiled
    /// against Courier and run against the demo server: the real responses decode into them.
    @Test("The demo server's description as Swift compiles and decodes the server's real responses", .timeLimit(.minutes(5)))
    func demoDescriptionRuns() async throws {
        let server = try await DemoServer.start()
        defer { Task { await server.stop() } }
        let spec = try Data(contentsOf: Checkout.root.appendingPathComponent("docs/demo-openapi.yaml"))
        let document = try Self.exported(spec, file: "demo-openapi.yaml", into: "DemoServer", baseUrl: server.url)
        #expect(document.text.contains("typealias ResponseObjectType = ListUsersAPageAtATimeResponse"), "\(document.text)")

        let directory = try TemporaryDirectory()
        let generated = try directory.write("Generated.swift", document.text)
        let main = try directory.write("main.swift", """
            import Courier
            import Foundation

            guard let base = URL(string: CommandLine.arguments[1]) else { fatalError("no base URL") }
            let endpoint = DemoServerAPI.endpoint(baseURL: base)
            let page = try await ListUsersAPageAtATimeRequest().asyncExecute(on: endpoint)
            let first = page.data?.first
            print("list:", page.data?.count ?? -1, first?.name ?? "-", first?.createdAt ?? "-", page.meta?.total ?? -1)
            let user = try await GetAUserRequest(id: "3").asyncExecute(on: endpoint)
            print("get:", user.data?.id ?? -1, user.data?.name ?? "-", user.data?.role ?? "-")
            let created = try await CreateAUserRequest().asyncExecute(on: endpoint)
            print("created:", created.data?.name ?? "-", created.data?.email ?? "-")
            let echo = try await AnswerWithWhatArrivedRequest().asyncExecute(on: endpoint)
            print("echo:", echo.method ?? "-", echo.body ?? "-", echo.query == nil)
            let login = try await ExchangeTheDemoCredentialsForTokensRequest().asyncExecute(on: endpoint)
            print("login:", (login.data?.accessToken?.isEmpty == false), (login.data?.expiresIn ?? 0) > 0)
            let me = try await TheProfileOfTheTokenSUserRequest(token: login.data?.accessToken ?? "").asyncExecute(on: endpoint)
            print("me:", me.data?.username ?? "-")
            """)
        let runner = directory.url.appendingPathComponent("runner")
        let built = try await SwiftCompilation.build([generated, main], into: runner)
        #expect(built.status == 0, "swiftc failed:\n\(built.stderr)\n\(document.text)")
        guard built.status == 0 else { return }
        let run = try await Processes.run([runner.path, server.url], timeout: 60)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdoutText == """
            list: 5 Ada Lovelace 2024-01-10T09:30:00Z 12
            get: 3 Grace Hopper member
            created: Grace Hopper grace@example.com
            echo: POST {"hello":"courier"} true
            login: true true
            me: ada

            """, "\(document.text)")
    }
}
