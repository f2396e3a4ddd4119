import Courier
import Foundation
import Synchronization
import Testing

/// The jar itself: replacing, ordering, deleting by expiry, refusing, reporting changes, and the
/// Netscape cookies.txt format.
@Suite("Cookie jar")
struct CookieJarTests {
    private func url(_ text: String) throws -> URL { try #require(URL(string: text)) }

    @Test("A cookie replaces its slot; the Cookie header puts longer paths, then older cookies, first")
    func replacingAndOrder() throws {
        let jar = CookieJar()
        let origin = try url("https://example.com/a/b")
        jar.store(setCookieHeaders: ["root=1; Path=/", "deep=2; Path=/a", "root=3; Path=/"], from: origin)
        #expect(jar.all.count == 2)
        #expect(jar.cookies(for: try url("https://example.com/a/x")).map(\.name) == ["deep", "root"])
        #expect(jar.cookies(for: try url("https://example.com/a/x")).last?.value == "3")
        #expect(jar.cookies(for: try url("https://example.com/b")).map(\.name) == ["root"])
    }

    @Test("An expired Set-Cookie deletes the cookie; refused ones are returned and not stored")
    func deletionAndRefusal() throws {
        let jar = CookieJar()
        let origin = try url("https://example.com/")
        jar.store(setCookieHeaders: ["sid=1; Path=/"], from: origin)
        let refused = jar.store(setCookieHeaders: ["sid=; Max-Age=0; Path=/", "evil=1; Domain=other.org"], from: origin)
        #expect(jar.all.isEmpty)
        #expect(refused.map(\.name) == ["evil"])
    }

    @Test("Each change reports every cookie held, in order, for persisting; a jar starts from saved cookies")
    func persistenceHook() throws {
        let saved = Mutex<[[Cookie]]>([])
        let jar = CookieJar { cookies in saved.withLock { $0.append(cookies) } }
        let origin = try url("https://example.com/")
        jar.store(setCookieHeaders: ["a=1", "b=2"], from: origin)
        jar.remove { $0.name == "a" }
        jar.removeAll()
        #expect(saved.withLock { $0.map { $0.map(\.name) } } == [["a", "b"], ["b"], []])
        let restored = CookieJar(cookies: [Cookie(name: "x", value: "1", domain: "example.com"),
                                           Cookie(name: "old", value: "1", domain: "example.com", expires: Date(timeIntervalSinceNow: -1))])
        #expect(restored.all.map(\.name) == ["x"], "expired cookies are not restored")
        jar.store(setCookieHeaders: [], from: origin)
        #expect(saved.withLock { $0.count } == 3, "nothing changed, nothing reported")
    }

    @Test("cookies.txt: written as curl writes it, read back whole; bad lines named by number")
    func netscapeFile() throws {
        let expires = Date(timeIntervalSince1970: 1_900_000_000)
        let cookies = [
            Cookie(name: "sid", value: "abc", domain: "127.0.0.1", path: "/", httpOnly: true),
            Cookie(name: "pref", value: "dark mode", domain: "example.com", hostOnly: false, path: "/app", expires: expires, secure: true),
        ]
        let text = NetscapeCookieFile.text(of: cookies)
        #expect(text.hasPrefix("# Netscape HTTP Cookie File\n"))
        #expect(text.contains("#HttpOnly_127.0.0.1\tFALSE\t/\tFALSE\t0\tsid\tabc\n"))
        #expect(text.contains(".example.com\tTRUE\t/app\tTRUE\t1900000000\tpref\tdark mode\n"))
        let (read, errors) = NetscapeCookieFile.cookies(in: text + "broken line\n.x.org\tMAYBE\t/\tFALSE\t0\ta\tb\r\n")
        #expect(read.map(\.name) == ["sid", "pref"])
        #expect(read[0].httpOnly && read[0].hostOnly && read[0].expires == nil)
        #expect(!read[1].hostOnly && read[1].secure && read[1].expires == expires && read[1].domain == "example.com" && read[1].path == "/app")
        #expect(errors.map(\.line) == [7, 8])
        #expect(errors.first?.description == "line 7: expected 7 tab-separated fields (domain, subdomains, path, secure, expiry, name, value), found 1")
    }
}
