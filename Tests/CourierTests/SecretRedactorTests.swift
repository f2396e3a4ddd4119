import Courier
import Foundation
import Testing

/// The secret rule of DESIGN.md, as `SecretRedactor` applies it.
@Suite("Secret redaction")
struct SecretRedactorTests {
    @Test("credential-bearing names, without regard to case", arguments: [
        "Authorization", "proxy-authorization", "Cookie", "SET-COOKIE", "X-Auth-Token", "access_token", "client_secret",
        "password", "X-Api-Key", "api_key", "apikey", "X-Authorization-Extra", "refresh-TOKEN",
    ])
    func credentialNames(name: String) {
        #expect(SecretRedactor.isCredential(name: name))
    }

    @Test("other names are not credentials", arguments: ["Accept", "Content-Type", "X-Request-Id", "page", "key", "q", "User-Agent"])
    func otherNames(name: String) {
        #expect(!SecretRedactor.isCredential(name: name))
    }

    @Test("a credential header is masked whole, its scheme kept; other headers only where a secret appears")
    func headers() {
        let redactor = SecretRedactor(secrets: ["s3cr3t"])
        #expect(redactor.header("Authorization", value: "Bearer abc.def") == "Bearer ••••••")
        #expect(redactor.header("authorization", value: "Basic YWRhOmxvdmVsYWNl") == "Basic ••••••")
        // An unknown first word may be part of the credential: nothing of it stays.
        #expect(redactor.header("Authorization", value: "abc def") == "••••••")
        #expect(redactor.header("X-Api-Key", value: "plain") == "••••••")
        #expect(redactor.header("Set-Cookie", value: "session=1; Path=/") == "••••••")
        #expect(redactor.header("X-Trace", value: "id-s3cr3t-1") == "id-••••••-1")
        #expect(redactor.header("Accept", value: "application/json") == "application/json")
    }

    @Test("a URL: credential query values, the password and secrets in any form are masked")
    func urls() {
        let redactor = SecretRedactor(secrets: ["a+b/c d"])
        #expect(redactor.url("http://h/p?access_token=xyz&page=2#top") == "http://h/p?access_token=••••••&page=2#top")
        #expect(redactor.url("http://h/p?API_KEY=1&q=%20") == "http://h/p?API_KEY=••••••&q=%20")
        #expect(redactor.url("http://ada:pw@h:8/x") == "http://ada:••••••@h:8/x")
        // As the URL carries it: percent-encoded.
        #expect(redactor.url("http://h/p?q=a%2Bb%2Fc%20d") == "http://h/p?q=••••••")
        #expect(redactor.url("http://h/a+b/c d/") == "http://h/••••••/")
    }

    @Test("secrets are masked in text as written, JSON-escaped and form-encoded; a longer secret wins over one inside it")
    func text() {
        let redactor = SecretRedactor(secrets: ["pa\"ss/1word", "passwo", ""])
        #expect(redactor.secrets == ["pa\"ss/1word", "passwo"], "an empty value is no secret")
        #expect(redactor.redact(#"{"p": "pa\"ss\/1word", "q": "pa\"ss/1word"}"#) == #"{"p": "••••••", "q": "••••••"}"#)
        #expect(redactor.redact("x=pa%22ss%2F1word") == "x=••••••")
        #expect(redactor.redact("passwopasswo") == "••••••••••••")
        #expect(SecretRedactor().redact("nothing known") == "nothing known")
    }

    @Test("Basic auth's secrets are the password and the base64 on the wire")
    func basicSecrets() {
        let token = AuthToken.basic(username: "ada", password: "lovelace")
        #expect(token.secrets == ["lovelace", "YWRhOmxvdmVsYWNl"])
        let redactor = SecretRedactor(secrets: token.secrets)
        #expect(redactor.redact(token.headerValue) == "Basic ••••••")
    }

    @Test("a shell command prints real values, or masks them with a redactor, quoting each argument once")
    func shellCommand() {
        let command = ShellCommand(groups: [
            [.word("curl"), .url("http://h/p?token=t0k3n6&q=it's")],
            [.word("-H"), .header(name: "Authorization", separator: ": ", value: "Bearer t0k3n6")],
            [.word("-H"), .header(name: "X-Empty", separator: ";", value: "")],
            [.word("--data-raw"), .value("a -H x 'b' t0k3n6")],
        ])
        #expect(command.text() == """
            curl 'http://h/p?token=t0k3n6&q=it'\\''s' \\
              -H 'Authorization: Bearer t0k3n6' \\
              -H 'X-Empty;' \\
              --data-raw 'a -H x '\\''b'\\'' t0k3n6'
            """)
        let redacted = command.text(redactedBy: SecretRedactor(secrets: ["t0k3n6"]))
        #expect(!redacted.contains("t0k3n6") && redacted.contains("token=••••••") && redacted.contains("Bearer ••••••"))
        #expect(redacted.contains("--data-raw 'a -H x '\\''b'\\'' ••••••'"))
    }
}

@Suite("Secret values too short to mask everywhere")
struct ShortSecretTests {
    @Test("A one-character or five-character secret is not masked wherever it appears; six characters are")
    func shortValues() {
        let redactor = SecretRedactor(secrets: ["1", "12345", "s3cret"])
        #expect(redactor.redact("http://127.0.0.1:8080/users/12345") == "http://127.0.0.1:8080/users/12345")
        #expect(redactor.redact("token s3cret here") == "token \(SecretRedactor.mask) here")
        // A credential header is masked by its name whatever the value's length.
        #expect(redactor.header("X-Api-Key", value: "1") == SecretRedactor.mask)
    }
}
