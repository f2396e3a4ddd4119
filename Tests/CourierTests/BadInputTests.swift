import Courier
import CourierDemoServer
import CourierTestSupport
import Foundation
import Testing

/// Bad input fails through `onFail` / `throws` with a descriptive `ErrorResponse`; nothing crashes or hangs.
@Suite("Bad input")
struct BadInputTests {
    /// Runs `request` and returns its error, recording an issue if it succeeded.
    private func failure<R: Request>(of request: R, on endpoint: Endpoint) async -> ErrorResponse<R.ErrorType>? {
        let result = await outcome(of: request.execute(on: endpoint))
        guard case .failure(let error) = result else {
            Issue.record("expected a failure, got \(result)")
            return nil
        }
        return error
    }

    @Test("A base URL without an http scheme", arguments: ["localhost:8080", "file:///tmp/api", "ftp://example.com"])
    func invalidBaseURL(base: String) async throws {
        let endpoint = Endpoint(baseUrl: try #require(URL(string: base)))
        let error = await failure(of: DefaultRequest<Data, String>(path: "users", method: .get), on: endpoint)
        guard case .invalidRequest(let reason)? = error else {
            Issue.record("expected invalidRequest, got \(String(describing: error))")
            return
        }
        #expect(reason.description.contains("http:// or https://"))
        #expect(error?.description.hasPrefix("The request could not be built: \"") == true)
    }

    @Test("An absolute path that is not a URL")
    func invalidPath() async throws {
        let endpoint = try await makeEndpoint()
        let error = await failure(of: DefaultRequest<Data, String>(path: "http://[::1/users", method: .get), on: endpoint)
        #expect(error?.description.contains("http://[::1/users") == true, "\(String(describing: error))")
    }

    @Test("Parameters that are not JSON name the offending key")
    func unencodableParams() async throws {
        let endpoint = try await makeEndpoint()
        let request = DefaultRequest<Data, String>(path: "echo", method: .post, body: .params(["user": ["born": Date()]]))
        let error = await failure(of: request, on: endpoint)
        #expect(error?.description.contains("body.user.born") == true, "\(String(describing: error))")
        let nan = DefaultRequest<Data, String>(path: "echo", method: .post, body: .params(["score": Double.nan]))
        #expect(await failure(of: nan, on: endpoint)?.description.contains("body.score") == true)
    }

    @Test("An Encodable body that cannot be encoded names the field")
    func unencodableJSON() async throws {
        struct Score: Encodable, Sendable { let value: Double }
        let endpoint = try await makeEndpoint()
        let request = DefaultRequest<Data, String>(path: "echo", method: .post, body: .json(Score(value: .infinity)))
        let error = await failure(of: request, on: endpoint)
        #expect(error?.description.contains("value") == true, "\(String(describing: error))")
    }

    @Test("A non-JSON body where JSON is expected")
    func nonJSONBody() async throws {
        let endpoint = try await makeEndpoint()
        let error = await failure(of: DefaultRequest<User, String>(path: "bytes/64", method: .get), on: endpoint)
        guard case .decoding(let decoding)? = error else {
            Issue.record("expected a decoding failure, got \(String(describing: error))")
            return
        }
        #expect(decoding.reason.contains("not JSON"), "\(decoding)")
        #expect(decoding.description.contains("User"))
    }

    @Test("Invalid UTF-8 where text is expected")
    func invalidUTF8() async throws {
        let endpoint = try await makeEndpoint()
        let error = await failure(of: DefaultRequest<String, String>(path: "bytes/300", method: .get), on: endpoint)
        #expect(error?.description.contains("not valid UTF-8") == true, "\(String(describing: error))")
    }

    @Test("An empty body for a Decodable response")
    func emptyBody() async throws {
        let endpoint = try await makeEndpoint()
        let created = try await DefaultRequest<Envelope<User>, String>(
            path: "users", method: .post, body: .params(["name": "Tmp", "email": "tmp@example.com"])).asyncExecute(on: endpoint)
        let error = await failure(of: DefaultRequest<User, String>(path: "users/\(created.data.id)", method: .delete), on: endpoint)
        #expect(error?.description.contains("the body is empty") == true, "\(String(describing: error))")
        #expect(error?.statusCode == 204)
        // EmptyResponse is the type for such answers.
        let again = try await DefaultRequest<EmptyResponse, String>(path: "users", method: .post,
            body: .params(["name": "Tmp", "email": "tmp@example.com"])).asyncExecute(on: endpoint)
        #expect(again == EmptyResponse())
    }

    @Test("A decoding error names the JSON path that failed")
    func decodingPath() async throws {
        struct WrongUser: Decodable, ResponseObject { let id: Int; let email: Int }
        struct MissingField: Decodable, ResponseObject { let id: Int; let nickname: String }
        let endpoint = try await makeEndpoint()
        let wrongType = await failure(of: DefaultRequest<Envelope<WrongUser>, String>(path: "users/1", method: .get), on: endpoint)
        #expect(wrongType?.description.contains("at data.email") == true, "\(String(describing: wrongType))")
        let missing = await failure(of: DefaultRequest<Envelope<[MissingField]>, String>(path: "users", method: .get), on: endpoint)
        #expect(missing?.description.contains("at data[0].nickname: the key is missing") == true, "\(String(describing: missing))")
    }

    @Test("A key path that leads nowhere says where it stopped")
    func missingKeyPath() async throws {
        let endpoint = try await makeEndpoint()
        let request = DefaultRequest<User, String>(path: "users", method: .get,
                                                   responseConverter: KeyPathResponseConverter(path: "data/40"))
        let error = await failure(of: request, on: endpoint)
        #expect(error?.description.contains("index 40 is past the end of the 5-element array at \"data\"") == true,
                "\(String(describing: error))")
    }

    @Test("A connection dropped mid-body")
    func droppedConnection() async throws {
        let endpoint = try await makeEndpoint(retryingCount: 1)
        let operation = DefaultRequest<Data, String>(path: "drop", method: .get).execute(on: endpoint)
        let error = await failure(of: operation.request, on: endpoint)
        guard case .system(let transport)? = error else {
            Issue.record("expected a transport error, got \(String(describing: error))")
            return
        }
        #expect(transport.kind == .connectionLost, "code \(String(describing: transport.code))")
        #expect(transport.description.hasPrefix("The connection to 127.0.0.1:"))
        let info = await debugInfo(of: operation)
        #expect(info.attempts == 2, "an idempotent GET is retried once by default")
    }

    @Test("A refused connection")
    func refusedConnection() async throws {
        let server = try await DemoServer.start()
        let url = try #require(URL(string: server.url))
        await server.stop()
        let endpoint = Endpoint(baseUrl: url, retryingCount: 0)
        let error = await failure(of: DefaultRequest<Data, String>(path: "users", method: .get), on: endpoint)
        guard case .system(let transport)? = error else {
            Issue.record("expected a transport error, got \(String(describing: error))")
            return
        }
        #expect(transport.kind == .connectionRefused)
        #expect(transport.description == "Could not connect to 127.0.0.1:\(server.port): the connection was refused.")
    }

    @Test("A multipart file that does not exist")
    func missingMultipartFile() async throws {
        let endpoint = try await makeEndpoint()
        let request = DefaultMultipartFormDataRequest<Data, String>(path: "upload", method: .post, files: [
            DefaultMultipartFile(resource: "/nonexistent/avatar.png", mime: .image(.png), fileName: "avatar.png"),
        ])
        let error = await failure(of: request, on: endpoint)
        #expect(error?.description == "The request could not be built: the file /nonexistent/avatar.png cannot be read (no such file).")
    }

    @Test("An error body that is not the ErrorType keeps the status and shows the body")
    func undecodableErrorBody() async throws {
        let endpoint = try await makeEndpoint()
        let error = await failure(of: DefaultRequest<Data, APIError>(path: "status/404", method: .get), on: endpoint)
        guard case .unexpectedStatus(let status, let body, _)? = error else {
            Issue.record("expected unexpectedStatus, got \(String(describing: error))")
            return
        }
        #expect(status == 404)
        #expect(!body.isEmpty)
        #expect(error?.description.hasPrefix("The server answered 404 Not Found with a body that is not the expected error") == true)
    }
}
