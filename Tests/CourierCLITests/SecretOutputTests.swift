import CourierTestSupport
import Foundation
import Testing

/// `courier curl`, `export` and `run --include` through the real binary: real values by default,
/// secrets masked by the whole rule with `--redact` (and in `--include` unless `--show-secrets`),
/// and a word on stderr when `{{$demo}}` will be gone.
@Suite("courier keeps secrets off the screen", .serialized)
struct SecretOutputTests {
    private static let files: [String: String] = [
        "API/collection.yaml": """
            baseUrl: "{{$demo}}"
            headers:
              - {name: Authorization, value: "Bearer literal-collection-token"}
            """,
        "API/environments/dev.yaml": "user: ada",
        "API/environments/dev.secret.yaml": "password: s3cret-pass",
        "API/basic.yaml": """
            path: echo/basic
            auth:
              basic: {user: "{{user}}", password: "{{password}}"}
            """,
        "API/env.yaml": """
            path: echo/env
            headers:
              - {name: X-Trace, value: "trace-{{$env.COURIER_TEST_SECRET}}"}
            """,
        "API/literal.yaml": """
            path: echo/literal
            headers:
              - {name: X-Api-Key, value: plain-api-key-value}
            query:
              - {name: access_token, value: query-token-value}
              - {name: page, value: "2"}
            """,
        "API/cookie.yaml": """
            path: cookies/set
            query:
              - {name: session, value: cookie-session-value}
            """,
    ]

    private static let basic = Data("ada:s3cret-pass".utf8).base64EncodedString()

    private func courier(_ arguments: [String], in directory: TemporaryDirectory, demoURL: String) async throws -> ProcessResult {
        let courier = Processes.productsDirectory.appendingPathComponent("courier").path
        return try await Processes.run([courier] + arguments + ["--collections", directory.url.path],
                                       environment: ["COURIER_DEMO_URL": demoURL, "COURIER_TEST_SECRET": "env-secret-value"])
    }

    private func collection() throws -> TemporaryDirectory {
        let directory = try TemporaryDirectory()
        for (path, text) in Self.files { try directory.write(path, text + "\n") }
        return directory
    }

    @Test("curl and export print real values by default; the printed command runs")
    func realValues() async throws {
        let directory = try collection()
        let server = try await TestServer.shared()
        let basic = try await courier(["curl", "API/basic", "--env", "dev"], in: directory, demoURL: server.url)
        #expect(basic.status == 0, "\(basic.stderr)")
        #expect(basic.stdoutText.contains("-H 'Authorization: Basic \(Self.basic)'") && !basic.stdoutText.contains("••"))
        let run = try await Processes.shell(basic.stdoutText + " --silent --show-error")
        #expect(run.stdoutText.contains("\"Basic \(Self.basic)\""), "\(run.stdoutText)\(run.stderr)")

        let env = try await courier(["export", "API/env", "--format", "httpie"], in: directory, demoURL: server.url)
        #expect(env.stdoutText.contains("X-Trace:trace-env-secret-value") && env.stdoutText.contains("literal-collection-token"),
                "\(env.stdoutText)")
    }

    @Test("--redact masks Basic's base64 and password, $env values, a literal Authorization, X-Api-Key and ?access_token=")
    func redacted() async throws {
        let directory = try collection()
        let server = try await TestServer.shared()
        let secrets = [Self.basic, "s3cret-pass", "env-secret-value", "literal-collection-token", "plain-api-key-value", "query-token-value"]
        for format in ["curl", "httpie"] {
            var printed = ""
            for id in ["API/basic", "API/env", "API/literal"] {
                let arguments = format == "curl" ? ["curl", id] : ["export", id, "--format", format]
                let result = try await courier(arguments + ["--env", "dev", "--redact"], in: directory, demoURL: server.url)
                #expect(result.status == 0, "\(id): \(result.stderr)")
                printed += result.stdoutText
            }
            for secret in secrets { #expect(!printed.contains(secret), "\(format) --redact printed \(secret):\n\(printed)") }
            #expect(printed.contains("Basic ••••••") && printed.contains("Bearer ••••••") && printed.contains("trace-••••••"), "\(printed)")
            #expect(printed.contains("access_token=••••••&page=2") && printed.contains("X-Api-Key") , "\(printed)")
        }
    }

    @Test("run --include masks Set-Cookie unless --show-secrets")
    func include() async throws {
        let directory = try collection()
        let server = try await TestServer.shared()
        let masked = try await courier(["run", "API/cookie", "--include"], in: directory, demoURL: server.url)
        #expect(masked.status == 0, "\(masked.stderr)")
        let head = masked.stdoutText.components(separatedBy: "\n\n").first ?? ""
        #expect(head.hasPrefix("HTTP/1.1 200") && head.contains("Set-Cookie: ••••••") && !head.contains("cookie-session-value"), "\(head)")
        let shown = try await courier(["run", "API/cookie", "--include", "--show-secrets"], in: directory, demoURL: server.url)
        #expect(shown.stdoutText.contains("Set-Cookie: session=cookie-session-value; Path=/"), "\(shown.stdoutText)")
    }

    @Test("curl and export say on stderr that the demo server is gone when they exit, unless COURIER_DEMO_URL is set")
    func ephemeralDemo() async throws {
        let directory = try collection()
        for arguments in [["curl", "API/literal"], ["export", "API/literal"]] {
            let ephemeral = try await courier(arguments, in: directory, demoURL: "")
            #expect(ephemeral.status == 0, "\(ephemeral.stderr)")
            #expect(ephemeral.stderr.contains("gone when it exits") && ephemeral.stderr.contains("COURIER_DEMO_URL=")
                    && ephemeral.stderr.contains("courier demo-server --port"), "\(ephemeral.stderr)")
            #expect(!ephemeral.stdoutText.contains("note:"), "the note stays out of the command")
            let kept = try await courier(arguments, in: directory, demoURL: try await TestServer.shared().url)
            #expect(kept.status == 0 && kept.stderr.isEmpty, "\(kept.stderr)")
        }
    }

    @Test("--help of curl, run and demo-server documents COURIER_DEMO_URL", arguments: ["curl", "run", "demo-server"])
    func help(command: String) async throws {
        let courier = Processes.productsDirectory.appendingPathComponent("courier").path
        let help = try await Processes.run([courier, command, "--help"])
        let text = help.stdoutText.replacingOccurrences(of: "\n", with: " ")
        #expect(text.contains("COURIER_DEMO_URL") && text.contains("demo-server --port"), "\(help.stdoutText)")
    }
}
