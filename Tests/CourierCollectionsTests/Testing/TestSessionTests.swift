import CourierCollections
import CourierTestSupport
import Foundation
import Testing

/// `TestSession` against the loopback demo server: captures flow forward and persist,
/// `requires:` runs what is missing, cycles are refused.
@Suite("running requests with captures and requires")
struct TestSessionTests {
    let directory: TemporaryDirectory
    let state: TemporaryDirectory

    init() throws {
        directory = try TemporaryDirectory()
        state = try TemporaryDirectory()
        try directory.write("API/collection.yaml", "baseUrl: \"{{$demo}}\"\nvariables:\n  - {name: who, value: collection}\n")
        try directory.write("API/environments/dev.yaml", "who: environment\n")
        try directory.write("API/login.yaml", """
            method: POST
            path: auth/login
            body:
              json: {username: ada, password: lovelace}
            capture:
              accessToken: body data/access_token
              tokenType: {from: body data/token_type, secret: false}
              who: {from: header Content-Type}
            """)
        try directory.write("API/me.yaml", "path: me\nauth: {bearer: \"{{accessToken}}\"}\nrequires: login\nexpect:\n  - status == 200\n  - body data/username == \"ada\"\n")
        try directory.write("API/echo.yaml", "path: echo\nquery:\n  - {name: who, value: \"{{who}}\"}\nexpect:\n  - body query contains \"json\"\n")
        try directory.write("API/loop/a.yaml", "path: a\nrequires: loop/b\n")
        try directory.write("API/loop/b.yaml", "path: b\nrequires: [loop/a]\n")
        try directory.write("API/lost.yaml", "path: a\nrequires: nowhere\n")
    }

    private func session(environment: String? = nil, overrides: [String: String] = [:], fresh: Bool = false) async throws -> TestSession {
        let url = try await TestServer.url().absoluteString
        let options = TestSession.Options(environment: environment, overrides: overrides, fresh: fresh,
                                          processEnvironment: ["XDG_STATE_HOME": state.url.path, "HOME": state.url.path])
        return TestSession(tree: CollectionLoader.load(directory.url), options: options) { url }
    }

    private func request(_ id: String, in session: TestSession) throws -> LoadedRequest {
        try #require(session.request(id: id))
    }

    @Test("a missing capture runs the required request first; a later session reads the persisted one")
    func requiresAndPersistence() async throws {
        let first = try await session()
        let outcomes = try await first.run(try request("API/me", in: first))
        #expect(outcomes.map(\.request.id) == ["API/login", "API/me"])
        #expect(outcomes.map(\.verdict) == [.passed, .passed])
        try first.save()

        let second = try await session()
        let again = try await second.run(try request("API/me", in: second))
        #expect(again.map(\.request.id) == ["API/me"] && again[0].verdict == .passed)
        let fresh = try await session(fresh: true)
        #expect(try await fresh.run(try request("API/me", in: fresh)).map(\.request.id) == ["API/login", "API/me"])
    }

    @Test("captures persist in the state folder: 0700 folders, a 0600 file, secrets by name or mark")
    func stateFolder() async throws {
        let session = try await session(environment: "dev")
        _ = try await session.run(try request("API/login", in: session))
        try session.save()
        let folder = session.stateFolder(of: try request("API/login", in: session))
        #expect(folder.url.lastPathComponent == "dev")
        #expect(folder.url.deletingLastPathComponent().lastPathComponent.hasPrefix("API-"))
        #expect(folder.url.path.hasPrefix(state.url.appendingPathComponent("courier").path))
        let file = folder.url.appendingPathComponent("captures.json").path
        #expect(try FileManager.default.attributesOfItem(atPath: file)[.posixPermissions] as? Int == 0o600)
        for url in [folder.url, folder.url.deletingLastPathComponent(), folder.url.deletingLastPathComponent().deletingLastPathComponent()] {
            #expect(try FileManager.default.attributesOfItem(atPath: url.path)[.posixPermissions] as? Int == 0o700, "\(url.path)")
        }
        let captured = CapturedVariables.load(from: folder)
        #expect(captured.values["accessToken"]?.secret == true)
        // `secret: false` does not unmask a name like a credential.
        #expect(captured.values["tokenType"] == CapturedVariables.Value(value: "Bearer", secret: true))
        #expect(captured.values["who"]?.secret == false)
        #expect(captured.values["who"]?.value.contains("json") == true)
        // Another environment has its own captures.
        #expect(CapturedVariables.load(from: StateFolder(collectionRoot: directory.url.appendingPathComponent("API"), environment: nil,
                                                         processEnvironment: ["XDG_STATE_HOME": state.url.path])).values.isEmpty)
    }

    @Test("captured variables rank above the environment and collection, below --var")
    func precedence() async throws {
        let session = try await session(environment: "dev")
        let echo = try request("API/echo", in: session)
        #expect(try await session.run(echo)[0].verdict == .failed)     // who = environment
        _ = try await session.run(try request("API/login", in: session))
        #expect(try await session.run(echo)[0].verdict == .passed)     // who = the captured Content-Type
        let overridden = try await self.session(environment: "dev", overrides: ["who": "cli"])
        _ = try await overridden.run(try request("API/login", in: overridden))
        #expect(try await overridden.run(echo)[0].verdict == .failed)  // who = cli
    }

    @Test("the secrets a request captured are masked by its outcome's redactor")
    func masksCapturedSecrets() async throws {
        let session = try await session()
        let outcome = try #require(try await session.run(try request("API/login", in: session)).last)
        let token = try #require(outcome.captures.first?.value)
        #expect(outcome.redactor.redact("token \(token)") == "token ••••••")
    }

    @Test("cycles and unknown ids in requires are errors that name them")
    func cycles() async throws {
        let session = try await session()
        await #expect(throws: RequiresError.self) { _ = try await session.run(try request("API/loop/a", in: session)) }
        do {
            _ = try await session.run(try request("API/loop/a", in: session))
        } catch {
            #expect("\(error)".hasSuffix("error: requires makes a cycle: API/loop/a → API/loop/b → API/loop/a"))
        }
        do {
            _ = try await session.run(try request("API/lost", in: session))
        } catch {
            #expect("\(error)".contains("lost.yaml:2:1: error: requires names 'nowhere', which is not a request of API"))
        }
    }
}
