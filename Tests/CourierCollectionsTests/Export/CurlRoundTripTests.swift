@testable import CourierCollections
import CourierDemoServer
import CourierTestSupport
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Testing

/// The curl export read back by the curl importer: for every Demo request, the imported request
/// has the method, URL, query, headers and body of what courier sends.
@Suite("Export to curl, imported again")
struct CurlRoundTripTests {
    @Test("every Demo request but multipart uploads survives export → import")
    func demoRequests() async throws {
        let server = try await DemoServer.start()
        defer { Task { await server.stop() } }
        let tree = CollectionLoader.load(Checkout.collections)
        var checked = 0
        defer { #expect(checked >= 15) }
        // Demo/connections need the AsyncHTTPClient transport this library-level resolution does
        // not choose; `CurlImportSemanticsTests` and `ConnectionCommandTests` carry their curl options.
        for id in tree.requestIds where id.hasPrefix("Demo/") && !id.hasPrefix("Demo/connections/") {
            let request = try #require(tree.request(id: id))
            if case .multipart? = request.definition.body { continue }
            checked += 1
            let context = RequestResolver.context(for: request, environment: .empty, overrides: ["accessToken": "t0k", "createdUserId": "3"],
                                                  processEnvironment: [:], demoURL: server.url)
            let resolved = try RequestResolver(context: context).resolution(of: request).request
            let sent = try resolved.urlRequest()
            let command = try ExportFormat.curl.command(for: resolved).text()
            let imported = try CurlImporter.parse(command).request

            #expect(imported.method == (sent.httpMethod ?? "GET"), "\(id)")
            let back = try #require(URLComponents(string: ExportText.url(imported.url ?? "", query: imported.query)))
            let original = try #require(sent.url.flatMap { URLComponents(url: $0, resolvingAgainstBaseURL: false) })
            #expect(back.host == original.host && back.port == original.port && back.path == original.path, "\(id): \(command)")
            #expect((back.queryItems ?? []) == (original.queryItems ?? []), "\(id): \(command)")
            for (name, value) in sent.allHTTPHeaderFields ?? [:] where name.lowercased() != "content-length" {
                let header = imported.headers.first { $0.name.lowercased() == name.lowercased() }?.value
                let fromAuth = name.lowercased() == "authorization" && imported.auth != nil
                #expect(header == value || fromAuth, "\(id): header \(name)\n\(command)")
            }
            if let body = sent.httpBody, !body.isEmpty {
                let text = String(decoding: body, as: UTF8.self)
                switch imported.body {
                case .json(let value)?: #expect(value == (try JSONValue.parse(text)), "\(id)")
                case .text(let value)?: #expect(value == text, "\(id)")
                case .form(let fields)?: #expect(ExportText.pairs(fields).removingPercentEncoding == text.removingPercentEncoding, "\(id)")
                default: Issue.record("\(id): the body did not come back: \(String(describing: imported.body))")
                }
            }
        }
    }
}
