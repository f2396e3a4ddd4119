import CourierTestSupport
import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// `courier demo-server --tls-port --proxy-port --certificates`: the HTTPS listener and the
/// forward proxy a user tries TLS and proxy settings against, reached with the real `curl`.
@Suite("courier demo-server's HTTPS listener and proxy")
struct DemoServerSecureListenersTests {
    @Test("curl trusts the printed authority and reaches the HTTPS listener through the proxy; without it, curl refuses")
    func httpsThroughProxy() async throws {
        let folder = try TemporaryDirectory()
        let output = folder.url.appendingPathComponent("server.log")
        let certificates = folder.url.appendingPathComponent("tls").path
        let pid = try Processes.spawn([CourierUnderTest.executable, "demo-server", "--port", "0", "--tls-port", "0", "--proxy-port", "0",
                                       "--certificates", certificates], stdout: output.path)
        let exercised: Result<Void, any Error>
        do {
            exercised = .success(try await exercise(output: output, certificates: certificates))
        } catch {
            exercised = .failure(error)
        }
        kill(pid, SIGTERM)
        #expect(try await Processes.wait(for: pid, timeout: 10) == 0)
        try exercised.get()
    }

    private func exercise(output: URL, certificates: String) async throws {
        var words: [String] = []
        for _ in 0..<400 where !words.contains(where: { $0.hasPrefix("https://") }) || !words.contains("proxy") {
            try await Task.sleep(for: .milliseconds(25))
            words = ((try? String(contentsOf: output, encoding: .utf8)) ?? "").split(whereSeparator: \.isWhitespace).map(String.init)
        }
        let secure = try #require(words.first { $0.hasPrefix("https://127.0.0.1:") }, "\(words)")
        let proxyIndex = try #require(words.firstIndex(of: "proxy"), "\(words)")
        let proxy = words[proxyIndex + 2]
        #expect(proxy.hasPrefix("http://127.0.0.1:"), "\(words)")
        #expect(words.contains("\(certificates)/ca.pem"), "the authority's path is printed")

        let through = try await Processes.run(["curl", "--silent", "--show-error", "--cacert", "\(certificates)/ca.pem", "-x", proxy,
                                               "\(secure)/users?per_page=2"])
        #expect(through.stdoutText.contains("\"per_page\":2"), "\(through.stderr)")
        let untrusted = try await Processes.run(["curl", "--silent", "\(secure)/users"])
        #expect(untrusted.status == 60, "curl: the peer's certificate cannot be verified")
    }
}
