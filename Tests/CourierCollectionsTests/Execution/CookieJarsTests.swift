import Courier
import CourierCollections
import CourierTestSupport
import Foundation
import Synchronization
import Testing

/// The jars of a session on disk: one per collection and environment in the state folder, written
/// 0600 after each change and read back by the next session; a broken file is set aside, not lost.
@Suite("Cookie jars in the state folder")
struct CookieJarsTests {
    private let state: TemporaryDirectory
    private let collection: URL

    init() throws {
        state = try TemporaryDirectory()
        collection = try TemporaryDirectory().url.appendingPathComponent("Shop")
    }

    private var processEnvironment: [String: String] { ["XDG_STATE_HOME": state.url.path] }

    private func origin() throws -> URL { try #require(URL(string: "https://shop.example.com/cart")) }

    @Test("A change is saved 0600 in a 0700 folder and restored by the next session; environments stay apart")
    func persisted() throws {
        let jars = CookieJars(processEnvironment: processEnvironment) { Issue.record("unexpected problem: \($0)") }
        let jar = jars.jar(collectionRoot: collection, environment: "staging")
        #expect(jars.jar(collectionRoot: collection, environment: "staging") === jar, "one jar per collection and environment")
        jar.store(setCookieHeaders: ["cart=42; Path=/; Max-Age=600; SameSite=Strict"], from: try origin())

        let file = CookieJarFile(collectionRoot: collection, environment: "staging", processEnvironment: processEnvironment)
        let mode = try FileManager.default.attributesOfItem(atPath: file.url.path)[.posixPermissions] as? NSNumber
        #expect(mode?.intValue == 0o600)
        let folderMode = try FileManager.default.attributesOfItem(atPath: file.folder.url.path)[.posixPermissions] as? NSNumber
        #expect(folderMode?.intValue == 0o700)

        let next = CookieJars(processEnvironment: processEnvironment) { Issue.record("unexpected problem: \($0)") }
        let restored = next.jar(collectionRoot: collection, environment: "staging").all
        #expect(restored.map(\.name) == ["cart"] && restored.first?.sameSite == .strict && restored.first?.expires != nil)
        #expect(next.jar(collectionRoot: collection, environment: nil).all.isEmpty, "no environment is a jar of its own")

        next.jar(collectionRoot: collection, environment: "staging").removeAll()
        #expect(!FileManager.default.fileExists(atPath: file.url.path), "an empty jar leaves no file")
    }

    @Test("Jars that are not persistent start empty, are shared within the session and write nothing")
    func sessionOnly() throws {
        let saved = CookieJars(processEnvironment: processEnvironment) { Issue.record("unexpected problem: \($0)") }
        saved.jar(collectionRoot: collection, environment: nil).store(setCookieHeaders: ["kept=1"], from: try origin())
        let file = CookieJarFile(collectionRoot: collection, environment: nil, processEnvironment: processEnvironment)
        let before = FileManager.default.contents(atPath: file.url.path)

        let jars = CookieJars(processEnvironment: processEnvironment, persistent: false) { Issue.record("unexpected problem: \($0)") }
        let jar = jars.jar(collectionRoot: collection, environment: nil)
        #expect(jar.all.isEmpty, "the saved jar is not read")
        jar.store(setCookieHeaders: ["run=1"], from: try origin())
        #expect(jars.jar(collectionRoot: collection, environment: nil).all.map(\.name) == ["run"])
        #expect(FileManager.default.contents(atPath: file.url.path) == before, "the saved jar is left as it was")
    }

    @Test("A resolved request's endpoint holds the jar, and its redactor masks the jar's values wherever they appear")
    func resolving() throws {
        let directory = try TemporaryDirectory()
        try directory.write("Shop/collection.yaml", "baseUrl: https://shop.example.com\n")
        try directory.write("Shop/cart.yaml", "path: cart\n")
        let loaded = try #require(CollectionLoader.load(directory.url).request(id: "Shop/cart"))
        let jars = CookieJars(processEnvironment: processEnvironment) { Issue.record("unexpected problem: \($0)") }
        jars.jar(collectionRoot: loaded.collectionRoot, environment: "dev").store(setCookieHeaders: ["sid=session-7f3a9c"], from: try origin())
        var resolver = RequestResolver(context: TemplateContext())
        resolver.cookies = CookieScope(jars: jars, environment: "dev")
        let resolution = try resolver.resolution(of: loaded)
        #expect(resolution.request.endpoint.cookies === jars.jar(collectionRoot: loaded.collectionRoot, environment: "dev"))
        #expect(resolution.redactor.redact(#"{"echo":"session-7f3a9c"}"#) == #"{"echo":"••••••"}"#)
        #expect(try resolution.request.cURL().contains("Cookie: sid=session-7f3a9c"), "the cURL command sends what the pipeline sends")
    }

    @Test("An unreadable jar is kept aside with a sentence, and a new one starts")
    func unreadable() throws {
        let file = CookieJarFile(collectionRoot: collection, environment: nil, processEnvironment: processEnvironment)
        try file.folder.write(Data("{not json".utf8), to: CookieJarFile.fileName)
        let problems = Mutex<[String]>([])
        let jars = CookieJars(processEnvironment: processEnvironment) { problem in problems.withLock { $0.append(problem) } }
        let jar = jars.jar(collectionRoot: collection, environment: nil)
        #expect(jar.all.isEmpty)
        let said = problems.withLock { $0 }
        #expect(said.count == 1 && said[0].hasPrefix("the cookie jar \(file.url.path) cannot be read"))
        #expect(said[0].hasSuffix("it was kept as \(file.url.path).unreadable and a new jar started"))
        #expect(FileManager.default.contents(atPath: file.url.path + ".unreadable") == Data("{not json".utf8))
    }
}
