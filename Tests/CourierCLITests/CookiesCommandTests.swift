import CourierTestSupport
import Foundation
import Testing

/// The cookie jar across `courier` processes, on the shipped Demo collection and the demo server:
/// `run` keeps what a response set for the next run, `--no-cookies` leaves the jar alone, and
/// `courier cookies` lists (masked), exports for the real `curl`, imports what curl wrote and clears.
@Suite("courier cookies", .serialized)
struct CookiesCommandTests {
    private let courier: CourierUnderTest

    init() throws { courier = try CourierUnderTest() }

    private func run(_ arguments: [String]) async throws -> ProcessResult {
        try await courier.run(arguments, collections: Checkout.collections)
    }

    /// The folder that holds the Demo collection's state with no environment.
    private func stateFolder() throws -> URL {
        let base = courier.state.url.appendingPathComponent("courier")
        let demo = try #require(try FileManager.default.contentsOfDirectory(atPath: base.path).first { $0.hasPrefix("Demo-") })
        return base.appendingPathComponent(demo).appendingPathComponent("none")
    }

    @Test("A cookie set by one run is sent by the next, on both transports; --no-cookies neither sends nor keeps them",
          arguments: ["urlsession", "asynchttpclient"])
    func acrossProcesses(transport: String) async throws {
        let set = try await run(["run", "Demo/cookies/set-cookie", "--transport", transport])
        #expect(set.status == 0, "\(set.stderr)")
        let shown = try await run(["run", "Demo/cookies/show-cookies", "--transport", transport])
        #expect(shown.status == 0 && shown.stdoutText.contains(#""flavour":"oatmeal""#), "\(shown.stdoutText)\(shown.stderr)")
        let bare = try await run(["run", "Demo/cookies/show-cookies", "--transport", transport, "--no-cookies"])
        #expect(bare.status == 0 && !bare.stdoutText.contains("oatmeal"), "\(bare.stdoutText)")
        let file = try stateFolder().appendingPathComponent("cookies.json")
        let attributes = try FileManager.default.attributesOfItem(atPath: file.path)
        #expect((attributes[.posixPermissions] as? NSNumber)?.intValue == 0o600)
        let folder = try FileManager.default.attributesOfItem(atPath: file.deletingLastPathComponent().path)
        #expect((folder[.posixPermissions] as? NSNumber)?.intValue == 0o700)

        let unsaved = try await run(["run", "Demo/cookies/set-scoped-cookie", "--transport", transport, "--no-cookies"])
        #expect(unsaved.status == 0)
        let listed = try await run(["cookies", "list", "Demo", "--show-secrets"])
        #expect(listed.stdoutText.contains("oatmeal") && !listed.stdoutText.contains("inside"), "--no-cookies saved nothing: \(listed.stdoutText)")
        let area = try await run(["run", "Demo/cookies/set-scoped-cookie", "--transport", transport])
        #expect(area.status == 0)
        let outside = try await run(["run", "Demo/cookies/show-cookies", "--transport", transport])
        #expect(!outside.stdoutText.contains("inside"), "Path=/cookies/area keeps it from /cookies")
        let inside = try await run(["run", "Demo/cookies/show-area-cookies", "--transport", transport])
        #expect(inside.stdoutText.contains(#""area":"inside""#), "\(inside.stdoutText)")

        let deleted = try await run(["run", "Demo/cookies/delete-cookie", "--transport", transport])
        #expect(deleted.status == 0)
        let after = try await run(["run", "Demo/cookies/show-cookies", "--transport", transport])
        #expect(!after.stdoutText.contains("oatmeal"), "Max-Age=0 deleted it")
    }

    @Test("A cookie for another domain is refused with a note naming it; the jar stays empty")
    func foreignDomain() async throws {
        let result = try await run(["run", "Demo/cookies/set-foreign-cookie"])
        #expect(result.status == 0)
        #expect(result.stderr.contains("courier: note: the cookie \"tracker\" set by 127.0.0.1 was rejected: its Domain=example.com is another domain"),
                "\(result.stderr)")
        let list = try await run(["cookies", "list", "Demo"])
        #expect(list.status == 0 && list.stderr.contains("No cookies are kept for Demo (no environment)."))
    }

    @Test("list masks values unless --show-secrets; export feeds the real curl; import reads what curl wrote; clear empties")
    func listExportImportClear() async throws {
        #expect(try await run(["run", "Demo/cookies/set-cookie"]).status == 0)
        let list = try await run(["cookies", "list", "Demo"])
        #expect(list.status == 0)
        #expect(list.stdoutText.contains("127.0.0.1") && list.stdoutText.contains("flavour") && list.stdoutText.contains("••••••"))
        #expect(!list.stdoutText.contains("oatmeal"))
        let revealed = try await run(["cookies", "list", "Demo", "--show-secrets"])
        #expect(revealed.stdoutText.contains("oatmeal"))

        let work = courier.work.url
        let exported = work.appendingPathComponent("exported.txt")
        #expect(try await run(["cookies", "export", "Demo", "--output", exported.path]).status == 0)
        let mode = try FileManager.default.attributesOfItem(atPath: exported.path)[.posixPermissions] as? NSNumber
        #expect(mode?.intValue == 0o600)
        let server = try await TestServer.url()
        let curl = try await Processes.run(["/usr/bin/curl", "-s", "-b", exported.path, server.appendingPathComponent("cookies").absoluteString])
        #expect(curl.stdoutText.contains(#""flavour":"oatmeal""#), "curl -b sent: \(curl.stdoutText) \(curl.stderr)")

        let written = work.appendingPathComponent("from-curl.txt")
        let setByCurl = try await Processes.run(["/usr/bin/curl", "-s", "-c", written.path,
                                                 server.appendingPathComponent("cookies/set").absoluteString + "?theme=dark"])
        #expect(setByCurl.status == 0)
        let text = try String(contentsOf: written, encoding: .utf8)
        try (text + "not a cookie line\n").write(to: written, atomically: true, encoding: .utf8)
        let imported = try await run(["cookies", "import", "Demo", written.path])
        #expect(imported.status == 1, "a bad line fails the import, the others are kept")
        #expect(imported.stderr.contains("from-curl.txt:line \(text.split(separator: "\n", omittingEmptySubsequences: false).count): expected 7 tab-separated fields"),
                "\(imported.stderr)")
        #expect(imported.stderr.contains("Imported 1 cookie into Demo (no environment)."))
        let both = try await run(["run", "Demo/cookies/show-cookies"])
        #expect(both.stdoutText.contains(#""theme":"dark""#) && both.stdoutText.contains(#""flavour":"oatmeal""#), "\(both.stdoutText)")

        let one = try await run(["cookies", "clear", "Demo", "--name", "theme"])
        #expect(one.status == 0 && one.stderr.contains("Removed 1 cookie from Demo (no environment)."))
        let all = try await run(["cookies", "clear", "Demo"])
        #expect(all.stderr.contains("Removed 1 cookie from Demo"))
        #expect(try await run(["cookies", "list", "Demo"]).stderr.contains("No cookies are kept"))
    }

    @Test("courier test sends cookies from one request to the next and keeps them; with --no-cookies it keeps none")
    func testCommand() async throws {
        let bare = try await run(["test", "Demo/cookies", "--no-cookies"])
        #expect(bare.status == 0, "\(bare.stdoutText)\(bare.stderr)")
        #expect(try await run(["cookies", "list", "Demo"]).stderr.contains("No cookies are kept"))
        let kept = try await run(["test", "Demo/cookies", "--report", "json:" + courier.work.url.appendingPathComponent("report.json").path])
        #expect(kept.status == 0, "\(kept.stdoutText)\(kept.stderr)")
        let report = try String(contentsOf: courier.work.url.appendingPathComponent("report.json"), encoding: .utf8)
        #expect(!report.contains("oatmeal"), "the Cookie and Set-Cookie values stay out of reports")
        // delete-cookie ran last: flavour is gone, the path cookie stays.
        let list = try await run(["cookies", "list", "Demo", "--show-secrets"])
        #expect(list.stdoutText.contains("area") && list.stdoutText.contains("/cookies/area") && !list.stdoutText.contains("flavour"), "\(list.stdoutText)")
    }

    @Test("An unknown collection or environment is a usage error that says what exists")
    func unknownPlaces() async throws {
        let collection = try await run(["cookies", "list", "Nope"])
        #expect(collection.status == 2 && collection.stderr.contains("no collection 'Nope'") && collection.stderr.contains("Demo"))
        let environment = try await run(["cookies", "list", "Demo", "--env", "nope"])
        #expect(environment.status == 2 && environment.stderr.contains("no environment 'nope'"), "\(environment.stderr)")
    }
}
