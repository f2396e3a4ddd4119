import Courier
import Foundation
import Testing

/// RFC 6265's rules as the jar applies them, without a network: parsing `Set-Cookie`, scoping by
/// domain and path, Secure, expiry, and what is refused.
@Suite("Cookie rules")
struct CookieRulesTests {
    private static let now = Date(timeIntervalSince1970: 1_800_000_000)

    private func url(_ text: String) throws -> URL { try #require(URL(string: text)) }

    private func stored(_ header: String, from text: String) throws -> Cookie {
        guard case .store(let cookie) = SetCookie.parse(header, from: try url(text), at: Self.now) else {
            Issue.record("\(header) was refused")
            throw CancellationError()
        }
        return cookie
    }

    private func rejection(_ header: String, from text: String) throws -> CookieRejection? {
        if case .reject(let rejection) = SetCookie.parse(header, from: try url(text), at: Self.now) { return rejection }
        return nil
    }

    @Test("No Domain: host-only, default path from the request path")
    func hostOnly() throws {
        let cookie = try stored("sid=abc123; HttpOnly; SameSite=lax", from: "https://api.example.com/v1/login/form")
        #expect(cookie.domain == "api.example.com" && cookie.hostOnly)
        #expect(cookie.path == "/v1/login")
        #expect(cookie.httpOnly && cookie.sameSite == .lax && !cookie.secure && cookie.expires == nil)
        #expect(cookie.matches(try url("https://api.example.com/v1/login/x"), at: Self.now))
        #expect(!cookie.matches(try url("https://www.api.example.com/v1/login"), at: Self.now), "host-only: no subdomains")
        #expect(!cookie.matches(try url("https://api.example.com/v1/loginx"), at: Self.now), "paths match at / boundaries")
        #expect(!cookie.matches(try url("https://api.example.com/v1"), at: Self.now))
    }

    @Test("Domain=.example.com reaches the domain and its subdomains, never a look-alike")
    func domainCookie() throws {
        let cookie = try stored("pref=1; Domain=.Example.COM; Path=/", from: "https://api.example.com/")
        #expect(cookie.domain == "example.com" && !cookie.hostOnly)
        #expect(cookie.matches(try url("https://example.com/a"), at: Self.now))
        #expect(cookie.matches(try url("https://deep.api.example.com/a"), at: Self.now))
        #expect(!cookie.matches(try url("https://badexample.com/a"), at: Self.now))
    }

    @Test("A cookie for another domain, a public suffix or a TLD is refused with a sentence")
    func refused() throws {
        let foreign = try #require(try rejection("tracker=1; Domain=example.com", from: "http://127.0.0.1:8080/cookies/foreign"))
        #expect(foreign.reason == .foreignDomain("example.com"))
        #expect(foreign.description == "the cookie \"tracker\" set by 127.0.0.1 was rejected: its Domain=example.com is another domain, not 127.0.0.1 or one it belongs to")
        #expect(try rejection("a=1; Domain=com", from: "https://shop.example.com/")?.reason == .publicSuffix("com"))
        #expect(try rejection("a=1; Domain=co.uk", from: "https://shop.example.co.uk/")?.reason == .publicSuffix("co.uk"))
        #expect(try rejection("a=1; Domain=sub.example.com", from: "https://example.com/")?.reason == .foreignDomain("sub.example.com"))
        #expect(try rejection("a=1; Secure", from: "http://api.example.com/")?.reason == .secureOverInsecureOrigin)
        #expect(try rejection("__Host-a=1; Secure; Domain=example.com; Path=/", from: "https://example.com/")?.reason
            == .prefix("a __Host- cookie must be Secure, have no Domain and have Path=/"))
        #expect(try rejection("__Secure-a=1", from: "https://example.com/")?.reason == .prefix("a __Secure- cookie must be Secure"))
        #expect(try rejection("no-equals-sign", from: "https://example.com/")?.reason == .malformed)
        #expect(try rejection("=value", from: "https://example.com/")?.reason == .malformed)
        // A header without a name is most likely a bare value, a session id: the sentence never shows it.
        for header in ["=s3cr3t-session", "s3cr3t-session"] {
            let sentence = try #require(try rejection(header, from: "https://example.com/")).description
            #expect(!sentence.contains("s3cr3t") && sentence.contains("example.com"), "\(sentence)")
        }
    }

    @Test("A Domain equal to the host stays host-only for a single-label host and an address")
    func domainIsHost() throws {
        #expect(try stored("a=1; Domain=localhost", from: "http://localhost:80/").hostOnly)
        #expect(try stored("a=1; Domain=127.0.0.1", from: "http://127.0.0.1/").hostOnly)
        #expect(!(try stored("a=1; Domain=example.com", from: "https://example.com/").hostOnly))
    }

    @Test("Secure cookies go over HTTPS and to loopback hosts only")
    func secure() throws {
        let cookie = try stored("s=1; Secure; Path=/", from: "https://example.com/")
        #expect(cookie.matches(try url("https://example.com/"), at: Self.now))
        #expect(!cookie.matches(try url("http://example.com/"), at: Self.now))
        let loopback = try stored("s=1; Secure", from: "http://127.0.0.1:9/")
        #expect(loopback.matches(try url("http://127.0.0.1:9/x"), at: Self.now))
    }

    @Test("Max-Age wins over Expires, whatever their order; Max-Age=0 and past dates expire at once")
    func expiry() throws {
        let maxAgeLast = try stored("a=1; Expires=Wed, 21 Oct 2015 07:28:00 GMT; Max-Age=60", from: "https://example.com/")
        #expect(maxAgeLast.expires == Self.now.addingTimeInterval(60))
        let maxAgeFirst = try stored("a=1; Max-Age=60; Expires=Wed, 21 Oct 2015 07:28:00 GMT", from: "https://example.com/")
        #expect(maxAgeFirst.expires == Self.now.addingTimeInterval(60))
        #expect(try stored("a=1; Max-Age=0", from: "https://example.com/").isExpired(at: Self.now))
        #expect(try stored("a=1; Max-Age=-5", from: "https://example.com/").isExpired(at: Self.now))
        #expect(try stored("a=1; Max-Age=soon", from: "https://example.com/").expires == nil, "a bad Max-Age is ignored")
        let dated = try stored("a=1; Expires=Wed, 21 Oct 2015 07:28:00 GMT", from: "https://example.com/")
        #expect(dated.expires == Date(timeIntervalSince1970: 1_445_412_480))
    }

    @Test("Expires is read the way browsers read it", arguments: [
        ("Wed, 21 Oct 2015 07:28:00 GMT", 1_445_412_480.0), ("Wednesday, 21-Oct-15 07:28:00 GMT", 1_445_412_480),
        ("Wed Oct 21 07:28:00 2015", 1_445_412_480), ("21 oct 2015 7:28:0", 1_445_412_480),
    ])
    func dates(text: String, seconds: Double) throws {
        let cookie = try stored("a=1; Expires=\(text)", from: "https://example.com/")
        #expect(cookie.expires == Date(timeIntervalSince1970: seconds))
    }

    @Test("Dates without a time or with impossible fields are ignored", arguments: ["Wed, 21 Oct 2015", "31 Feb 2020 10:00:00", "soon", "21 Oct 1500 10:00:00"])
    func badDates(text: String) throws {
        #expect(try stored("a=1; Expires=\(text)", from: "https://example.com/").expires == nil)
    }

    @Test("Set-Cookie values joined with commas come apart where a new name= starts, not inside Expires")
    func splitting() {
        #expect(SetCookie.split("a=1; Expires=Wed, 21 Oct 2015 07:28:00 GMT, b=2; Path=/") == ["a=1; Expires=Wed, 21 Oct 2015 07:28:00 GMT", "b=2; Path=/"])
        #expect(SetCookie.split("a=1") == ["a=1"])
    }
}
