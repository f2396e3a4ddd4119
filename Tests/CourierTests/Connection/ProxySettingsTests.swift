import Courier
import Foundation
import Testing

/// Proxy URLs read as curl reads `-x`, the environment's proxy variables, and `noProxy` matching.
@Suite("Proxy settings")
struct ProxySettingsTests {
    @Test("An http proxy URL with Basic credentials; no scheme means http, no port means 1080")
    func parsing() throws {
        let proxy = try ProxyServer(parsing: "http://ada:p%40ss@proxy.example:3128")
        #expect(proxy == ProxyServer(kind: .http, host: "proxy.example", port: 3128, username: "ada", password: "p@ss"))
        #expect(proxy.url() == "http://ada:••••••@proxy.example:3128", "the password is masked where it is shown")
        #expect(proxy.basicAuthorization == "Basic " + Data("ada:p@ss".utf8).base64EncodedString())
        // Shown whole (an export), the user and password are encoded again and read back the same.
        let awkward = ProxyServer(kind: .http, host: "proxy.example", port: 3128, username: "d@ve/ops", password: "p@ss:w%rd /x")
        #expect(awkward.url(maskingPasswordWith: nil) == "http://d%40ve%2Fops:p%40ss%3Aw%25rd%20%2Fx@proxy.example:3128")
        #expect(try ProxyServer(parsing: awkward.url(maskingPasswordWith: nil)) == awkward)
        #expect(try ProxyServer(parsing: "proxy.example") == ProxyServer(kind: .http, host: "proxy.example", port: 1080))
        #expect(try ProxyServer(parsing: "socks5://127.0.0.1:9050") == ProxyServer(kind: .socks5, host: "127.0.0.1", port: 9050))
    }

    @Test("What AsyncHTTPClient cannot do is refused with a sentence, never ignored", arguments: [
        ("https://proxy.example:443", "an https:// proxy"),
        ("socks5://ada:secret@127.0.0.1:1080", "SOCKS proxy credentials are not supported"),
        ("socks4://127.0.0.1:1080", "the proxy scheme 'socks4' is not supported"),
        ("http://", "is not a proxy URL"),
    ])
    func refusals(text: String, sentence: String) {
        #expect {
            try ProxyServer(parsing: text)
        } throws: { error in
            let description = String(describing: error)
            return description.contains(sentence) && !description.contains("secret")
        }
    }

    @Test("The environment's variables, lower-case before upper-case, all_proxy for both schemes")
    func environment() throws {
        let settings = try ProxySettings.environment([
            "HTTP_PROXY": "http://upper:1", "http_proxy": "http://lower:2", "ALL_PROXY": "socks5://all:3", "NO_PROXY": "internal.example, .corp",
        ])
        #expect(settings.http?.host == "lower")
        #expect(settings.https == ProxyServer(kind: .socks5, host: "all", port: 3))
        #expect(settings.noProxy == ["internal.example", ".corp"])
        #expect(try ProxySettings.environment(["HTTPS_PROXY": "http://upper:8"]).https?.host == "upper")
        #expect(try ProxySettings.environment([:]) == .direct)
        #expect(throws: ProxyError.self) { try ProxySettings.environment(["https_proxy": "https://secure:443"]) }
    }

    @Test("noProxy: exact hosts and their subdomains, a leading dot, addresses, and * for everything")
    func bypass() throws {
        let proxy = ProxyServer(kind: .http, host: "proxy", port: 1)
        let settings = ProxySettings(http: proxy, https: proxy, noProxy: ["example.com", ".corp", "127.0.0.1"])
        func route(_ url: String) throws -> ProxyServer? { settings.server(for: try #require(URL(string: url))) }
        #expect(try route("http://example.com/a") == nil)
        #expect(try route("https://api.example.com/a") == nil)
        #expect(try route("http://intranet.corp/") == nil)
        #expect(try route("http://127.0.0.1:8080/") == nil)
        #expect(try route("http://notexample.com/") == proxy, "a suffix that is not a subdomain goes through the proxy")
        #expect(try route("https://example.org/") == proxy)
        #expect(ProxySettings.bypasses("anything", noProxy: ["*"]))
    }
}
