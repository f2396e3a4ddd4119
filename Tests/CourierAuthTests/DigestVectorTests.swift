@testable import CourierAuth
import Foundation
import Testing

/// Digest answers checked against the examples the RFCs publish.
@Suite("Digest vectors")
struct DigestVectorTests {
    /// RFC 7616, section 3.9.1: the same challenge answered with SHA-256 and with MD5.
    static let rfc7616 = DigestChallenge(realm: "http-auth@example.org", nonce: "7ypf/xlj9XXwfDPEoM4URrv/xwf94BcCAzFZH4GiTo0v",
                                         opaque: "FQhe/qaU925kfnzjCev0ciny7QMkPqMAFRtzCUYo5tdS", algorithm: .sha256, qop: ["auth", "auth-int"])

    @Test("RFC 7616 3.9.1: SHA-256 and MD5 responses")
    func rfc7616() {
        var challenge = Self.rfc7616
        var answer = DigestResponse(username: "Mufasa", password: "Circle of Life", challenge: challenge, method: "GET",
                                    uri: "/dir/index.html", nonceCount: 1, clientNonce: "f2/wE4q74E6zIJEtWaHKaf5wv/H5QzzpXusqGemxURZJ")
        #expect(answer.response == "753927fa0e85d155564e2e272a28d1802ca10daf4496794697cf8db5856cb6c1")
        challenge.algorithm = .md5
        answer.challenge = challenge
        #expect(answer.response == "8ca523f5e9506fed4657c9700eebdbec")
        #expect(answer.headerValue == """
            Digest username="Mufasa", realm="http-auth@example.org", uri="/dir/index.html", algorithm=MD5, \
            nonce="7ypf/xlj9XXwfDPEoM4URrv/xwf94BcCAzFZH4GiTo0v", nc=00000001, cnonce="f2/wE4q74E6zIJEtWaHKaf5wv/H5QzzpXusqGemxURZJ", \
            qop=auth, response="8ca523f5e9506fed4657c9700eebdbec", opaque="FQhe/qaU925kfnzjCev0ciny7QMkPqMAFRtzCUYo5tdS"
            """)
    }

    @Test("RFC 2617 3.5: MD5 with qop=auth")
    func rfc2617() {
        let challenge = DigestChallenge(realm: "testrealm@host.com", nonce: "dcd98b7102dd2f0e8b11d0f600bfb0c093",
                                        opaque: "5ccc069c403ebaf9f0171e9517f40e41", algorithm: .md5, qop: ["auth", "auth-int"])
        let answer = DigestResponse(username: "Mufasa", password: "Circle Of Life", challenge: challenge, method: "GET",
                                    uri: "/dir/index.html", nonceCount: 1, clientNonce: "0a4f113b")
        #expect(answer.response == "6629fae49393a05397450978507c4ef1")
    }

    @Test("-sess algorithms rehash HA1 with both nonces; nc is eight hex digits")
    func session() {
        var challenge = Self.rfc7616
        challenge.algorithm = .md5Session
        let answer = DigestResponse(username: "u", password: "p", challenge: challenge, method: "GET", uri: "/", nonceCount: 26, clientNonce: "c")
        let md5 = DigestAlgorithm.md5.hash
        let ha1 = md5("\(md5("u:\(challenge.realm):p")):\(challenge.nonce):c")
        #expect(answer.response == md5("\(ha1):\(challenge.nonce):0000001a:c:auth:\(md5("GET:/"))"))
        #expect(answer.nonceCountText == "0000001a")
    }

    @Test("WWW-Authenticate: several challenges in one value, strongest first; Basic and auth-int-only ignored")
    func parsing() {
        let header = #"Basic realm="x", Digest realm="a, b", qop="auth,auth-int", algorithm=MD5, nonce="n1", "#
            + #"Digest realm="a, b", qop="auth", algorithm=SHA-256, nonce="n2", opaque="o", stale=TRUE, "#
            + #"Digest realm="c", qop="auth-int", nonce="n3", Digest realm="d", nonce="n4", algorithm=SHA-512-256"#
        let challenges = DigestChallenge.parse(header)
        #expect(challenges.map(\.nonce) == ["n2", "n1"])
        #expect(challenges.first == DigestChallenge(realm: "a, b", nonce: "n2", opaque: "o", algorithm: .sha256, qop: ["auth"], stale: true))
        #expect(challenges.last?.qop == ["auth", "auth-int"])
        #expect(DigestChallenge.parse(#"Digest realm="r", nonce="q\"uoted""#).first?.nonce == #"q"uoted"#)
    }
}
