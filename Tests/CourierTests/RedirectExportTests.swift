import Courier
import CourierTestSupport
import Foundation
import Testing

/// How each transport follows 301/302/303/307/308, that `TransportBehaviour` says so, and that the
/// exported curl command (`-L`, `--post30x`) follows them the same way.
@Suite("Redirects: courier and its curl export")
struct RedirectExportTests {
    struct Case: Sendable, CustomTestStringConvertible {
        let code: Int
        let method: HTTPMethod
        let body: String?
        var testDescription: String { "\(code) \(method.rawValue)\(body == nil ? "" : " with a body")" }
    }

    static let cases: [Case] = [301, 302, 303, 307, 308].flatMap { code in
        [Case(code: code, method: .post, body: "payload"), Case(code: code, method: .put, body: "payload"),
         Case(code: code, method: .delete, body: nil), Case(code: code, method: .post, body: nil)]
    }

    @Test("the target receives the same method and body from courier and from its curl command", arguments: TransportKind.allCases)
    func sameAsCourier(kind: TransportKind) async throws {
        try await kind.withEndpoint { endpoint in
            for item in Self.cases {
                let request = DefaultRequest<Echo, String>(path: "redirect/\(item.code)", method: item.method,
                                                           body: item.body.map { .string($0) })
                let sent = try await request.asyncExecute(on: endpoint)
                // What the behaviour predicts is what the transport did.
                let expected: (String, Int) = switch endpoint.transport.behaviour.outcome(of: item.code, for: item.method) {
                case .get: ("GET", 0)
                case .sameMethodWithoutBody: (item.method.rawValue, 0)
                case .sameMethodAndBody: (item.method.rawValue, item.body?.utf8.count ?? 0)
                }
                #expect(sent.path == "/echo" && sent.method == expected.0 && sent.bodySize == expected.1, "\(kind) \(item.testDescription)")

                let command = try endpoint.cURL(for: request)
                let run = try await Processes.shell(command + " --silent --show-error")
                let viaCurl = try JSONDecoder().decode(Echo.self, from: run.stdout)
                if item.code == 303 && command.contains("-X ") {
                    // The one known difference: curl repeats a method given with -X after a 303.
                    #expect(viaCurl.method == item.method.rawValue && sent.method == "GET", "\(kind) \(item.testDescription)")
                } else {
                    #expect(viaCurl.method == sent.method && viaCurl.bodyData == sent.bodyData, "\(kind) \(item.testDescription)\n\(command)")
                }
            }
        }
    }

    @Test("-L, --post30x, --compressed and --max-time appear exactly when courier needs them", arguments: TransportKind.allCases)
    func options(kind: TransportKind) async throws {
        try await kind.withEndpoint { endpoint in
            let put = try endpoint.cURL(for: DefaultRequest<Echo, String>(path: "a", method: .put, body: .string("x"), timeout: 2.5))
            let post = try endpoint.cURL(for: DefaultRequest<Echo, String>(path: "a", method: .post, body: .string("x"), timeout: 30))
            let lines = put.components(separatedBy: " \\\n  ")
            #expect(lines.contains("-L") && lines.contains("--compressed") && lines.contains("--max-time 2.5"), "\(put)")
            #expect(post.components(separatedBy: " \\\n  ").contains("--max-time 30"), "\(post)")
            // A POST becomes a GET after 301/302/303 in both transports, as in curl without --post30x.
            #expect(!post.contains("--post30"), "\(post)")
            // AsyncHTTPClient repeats a PUT with its body after 301/302; URLSession drops the body.
            let keepsPut = kind == .asyncHTTPClient
            #expect(put.contains("--post301") == keepsPut && put.contains("--post302") == keepsPut && !put.contains("--post303"), "\(put)")
            #expect(!(try endpoint.cURL(for: DefaultRequest<Echo, String>(path: "a", method: .get))).contains("--max-time"))
        }
        try await kind.withEndpoint(followsRedirects: false) { endpoint in
            let get = try endpoint.cURL(for: DefaultRequest<Echo, String>(path: "a", method: .get))
            #expect(!get.contains("-L") && get.contains("--compressed"), "\(get)")
        }
    }

    @Test("a POST without a body turns into a GET after a 303 in curl too, without a form Content-Type")
    func emptyPost() async throws {
        let endpoint = try await makeEndpoint()
        let command = try endpoint.cURL(for: DefaultRequest<Echo, String>(path: "echo", method: .post))
        #expect(command.contains("--data-raw ''") && command.contains("-H 'Content-Type:'") && !command.contains("-X"), "\(command)")
        let received = try JSONDecoder().decode(Echo.self, from: try await Processes.shell(command + " --silent").stdout)
        #expect(received.method == "POST" && received.bodySize == 0 && received.header("Content-Type") == nil)
    }

    @Test("curl follows a 307 POST with its body to the target, as courier does, and decodes gzip")
    func followsAndDecodes() async throws {
        let endpoint = try await makeEndpoint()
        let post = DefaultRequest<Echo, String>(path: "redirect/307", method: .post, body: .string("{\"a\": 1}"),
                                                headers: [.contentType: "application/json"])
        let command = try endpoint.cURL(for: post)
        let received = try JSONDecoder().decode(Echo.self, from: try await Processes.shell(command + " --silent").stdout)
        #expect(received.path == "/echo" && received.method == "POST" && received.body == "{\"a\": 1}")

        let gzip = try endpoint.cURL(for: DefaultRequest<Data, String>(path: "gzip", method: .get))
        let viaCurl = try await Processes.shell(gzip + " --silent")
        let viaCourier = try await DefaultRequest<Data, String>(path: "gzip", method: .get).asyncExecute(on: endpoint)
        #expect(viaCurl.stdout == viaCourier && viaCourier.first == UInt8(ascii: "{"), "curl printed \(viaCurl.stdout.count) bytes")
    }

    @Test("--max-time stops curl where courier's timeout stops courier")
    func maxTime() async throws {
        let endpoint = try await makeEndpoint()
        let slow = DefaultRequest<Data, String>(path: "delay/3", method: .get, timeout: 1)
        let run = try await Processes.shell(try endpoint.cURL(for: slow) + " --silent")
        // 28 is curl's own "operation timed out": the route answers after 3 s, so only --max-time
        // can end it that way (no wall-clock bound here: a loaded machine stretches it).
        #expect(run.status == 28, "curl's exit status for a timeout")
        await #expect(throws: ErrorResponse<String>.self) { try await slow.asyncExecute(on: endpoint) }
    }
}
