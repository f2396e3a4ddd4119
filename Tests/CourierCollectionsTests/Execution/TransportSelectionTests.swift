import Courier
import CourierCollections
import CourierTestSupport
import Foundation
import Synchronization
import Testing

/// `transport:` and `trustRedirects:` as the resolver reads them: which transport a request gets,
/// with what settings, and the sentence for a value that names none.
@Suite("Choosing a request's transport")
struct TransportSelectionTests {
    /// A selection that records what it was asked for and hands out URLSession transports.
    private final class Recorder: Sendable {
        let asked = Mutex<[(TransportName, TransportSettings)]>([])

        func selection(override: TransportName? = nil) -> TransportSelection {
            TransportSelection(standard: .asynchttpclient, override: override, maximumBodySize: 1234) { name, settings in
                self.asked.withLock { $0.append((name, settings)) }
                return URLSessionTransport(followsRedirects: settings.followsRedirects, trustsRedirects: settings.trustsRedirects)
            }
        }
    }

    private func resolve(_ files: [String: String], id: String = "API/one", environment: String? = nil,
                         override: TransportName? = nil) throws -> (TransportName, TransportSettings, ResolvedRequest) {
        let directory = try TemporaryDirectory()
        for (path, text) in files { try directory.write(path, text) }
        let tree = CollectionLoader.load(directory.url)
        let loaded = try #require(tree.request(id: id), "\(tree.diagnostics)")
        let values = try EnvironmentValues.selected(environment, collectionRoot: loaded.collectionRoot)
        let context = RequestResolver.context(for: loaded, environment: values, overrides: [:], processEnvironment: [:], demoURL: nil)
        let recorder = Recorder()
        let resolved = try RequestResolver(context: context, transports: recorder.selection(override: override)).resolve(loaded)
        let (name, settings) = try #require(recorder.asked.withLock { $0.last })
        return (name, settings, resolved)
    }

    @Test("The request's transport wins over the environment's, which wins over collection.yaml's; --transport over all")
    func precedence() throws {
        var files = ["API/collection.yaml": "baseUrl: http://127.0.0.1:1\n", "API/one.yaml": "path: a\n"]
        #expect(try resolve(files).0 == .asynchttpclient, "the selection's standard")
        files["API/collection.yaml"] = "baseUrl: http://127.0.0.1:1\ntransport: urlsession\n"
        #expect(try resolve(files).0 == .urlsession)
        files["API/environments/dev.yaml"] = "transport: asynchttpclient\n"
        #expect(try resolve(files, environment: "dev").0 == .asynchttpclient)
        files["API/one.yaml"] = "path: a\ntransport: urlsession\ntrustRedirects: true\nfollowRedirects: false\n"
        let (name, settings, resolved) = try resolve(files, environment: "dev")
        #expect(name == .urlsession)
        #expect(settings == TransportSettings(followsRedirects: false, trustsRedirects: true, maximumBodySize: 1234))
        #expect(resolved.endpoint.transport.behaviour.trustsRedirects)
        #expect(try resolve(files, environment: "dev", override: .asynchttpclient).0 == .asynchttpclient)
    }

    @Test("A transport that names none is an error with file:line:column, in a request, collection.yaml or an environment")
    func badValues() throws {
        let (request, problems) = DocumentParser.request("path: a\ntransport: pigeon\n", file: "one.yaml")
        #expect(request?.transport == nil)
        #expect(problems.map(\.description) == ["one.yaml:2:12: error: transport takes urlsession or asynchttpclient, found 'pigeon'"])
        let (collection, collectionProblems) = DocumentParser.collection("transport: URLSession\n", file: "collection.yaml")
        #expect(collection?.transport == .urlsession && collectionProblems.isEmpty, "case does not matter")
        let files = ["API/collection.yaml": "baseUrl: http://127.0.0.1:1\n", "API/one.yaml": "path: a\n",
                     "API/environments/dev.yaml": "transport: carrier\n"]
        #expect { try resolve(files, environment: "dev") } throws: { error in
            "\(error)".hasSuffix("dev.yaml:1:12: error: transport takes urlsession or asynchttpclient, found 'carrier'")
        }
    }

    @Test("The library's selection sends through URLSession and refuses asynchttpclient with a sentence")
    func library() throws {
        let directory = try TemporaryDirectory()
        try directory.write("API/collection.yaml", "baseUrl: http://127.0.0.1:1\ntransport: asynchttpclient\n")
        try directory.write("API/one.yaml", "path: a\n")
        let loaded = try #require(CollectionLoader.load(directory.url).request(id: "API/one"))
        #expect { try RequestResolver(context: TemplateContext()).resolve(loaded) } throws: { error in
            "\(error)".contains("error: the asynchttpclient transport is not available here; only urlsession is")
        }
        try directory.write("API/one.yaml", "path: a\ntransport: urlsession\n")
        let plain = try #require(CollectionLoader.load(directory.url).request(id: "API/one"))
        #expect(try RequestResolver(context: TemplateContext()).resolve(plain).endpoint.transport is URLSessionTransport)
    }
}
