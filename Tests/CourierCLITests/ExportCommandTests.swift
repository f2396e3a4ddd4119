import Courier
import CourierCollections
import CourierHistory
import CourierTestSupport
import Foundation
import Testing

/// `courier export` through the real binary: every format for a folder, files beside `--output`,
/// secrets withheld and named, and the exit codes of README's table.
@Suite("courier export")
struct ExportCommandTests {
    private let demoURL = "http://127.0.0.1:9"

    private func export(_ arguments: [String]) async throws -> (ProcessResult, CourierUnderTest) {
        let courier = try CourierUnderTest()
        return (try await courier.run(["export"] + arguments, collections: Checkout.collections, demoURL: demoURL), courier)
    }

    @Test("A folder as a .http file: {{$demo}} becomes COURIER_DEMO_URL, secrets are left empty and named on stderr")
    func httpFolder() async throws {
        let (result, _) = try await export(["Demo/auth", "--format", "http"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdoutText.hasPrefix("@baseUrl = \(demoURL)\n"))
        #expect(result.stdoutText.contains("### Basic auth\nGET {{baseUrl}}/basic-auth/{{user}}/{{password}}"))
        #expect(result.stdoutText.contains("@password =\n"))
        #expect(!result.stdoutText.contains("lovelace"))
        let withheld = result.stderr.split(separator: "\n").first { $0.contains("secret values left empty: ") }
        #expect(withheld?.hasSuffix("(pass --include-secrets to write them)") == true, "\(result.stderr)")
        for name in ["password", "token", "oauthClientSecret"] { #expect(withheld?.contains(" \(name)") == true, "\(name) is named") }
    }

    @Test("--include-secrets writes them; --env picks the environment's values; only the variables the requests read")
    func secretsAndEnvironment() async throws {
        let (secrets, _) = try await export(["Demo/auth/basic-auth", "--format", "hurl", "--include-secrets"])
        #expect(secrets.status == 0, "\(secrets.stderr)")
        #expect(secrets.stdoutText.contains("--variable password=lovelace"))
        let (result, _) = try await export(["Demo/users/get-user", "--format", "hurl", "--env", "local"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdoutText.contains("--variable userId=3"))
        #expect(result.stdoutText.contains("GET {{baseUrl}}/users/{{userId}}"))
        #expect(!result.stdoutText.contains("password") && result.stderr.isEmpty)
    }

    @Test("postman --output writes the collection and one environment file beside it")
    func postmanFiles() async throws {
        let courier = try CourierUnderTest()
        let output = courier.work.url.appendingPathComponent("Demo.postman_collection.json")
        let result = try await courier.run(["export", "Demo", "--format", "postman", "--output", output.path], collections: Checkout.collections,
                                           demoURL: demoURL)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdoutText.isEmpty)
        let collection = try String(contentsOf: output, encoding: .utf8)
        #expect(collection.contains("\"schema\": \"https://schema.getpostman.com/json/collection/v2.1.0/collection.json\""))
        let environment = courier.work.url.appendingPathComponent("Demo.local.postman_environment.json")
        #expect(try String(contentsOf: environment, encoding: .utf8).contains("\"key\": \"userId\""))
        #expect(result.stderr.contains("wrote \(environment.path)"))
    }

    @Test("swift for a folder declares one Request type per request")
    func swift() async throws {
        let (result, _) = try await export(["Demo/users", "--format", "swift"])
        #expect(result.status == 0, "\(result.stderr)")
        for name in ["ListUsersRequest", "GetAUserRequest", "CreateAUserRequest", "DeleteAUserRequest"] {
            #expect(result.stdoutText.contains("struct \(name): Request {"))
        }
    }

    @Test("curl and httpie take a folder too: one command per request")
    func commandsForAFolder() async throws {
        let (result, _) = try await export(["Demo/users", "--format", "curl"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdoutText.contains("# Demo/users/list-users\ncurl "))
        #expect(result.stdoutText.contains("# Demo/users/delete-user\ncurl "))
    }

    @Test("An unknown id or environment is a usage error, exit 2, with a sentence")
    func usageErrors() async throws {
        let (missing, _) = try await export(["Demo/nothing-here", "--format", "hurl"])
        #expect(missing.status == 2)
        #expect(missing.stderr.contains("no request or folder 'Demo/nothing-here'"))
        let (environment, _) = try await export(["Demo/users", "--format", "http", "--env", "prod"])
        #expect(environment.status == 2)
        #expect(environment.stderr.contains("no environment 'prod'; known: local"))
    }
}

extension ExportCommandTests {
    @Test("--response-example types the response of a swift export from a saved response")
    func responseExample() async throws {
        let courier = try CourierUnderTest()
        let example = try courier.work.write("user.json", #"{"data": {"id": 2, "name": "Alan Turing", "created_at": "2024-02-11T09:30:00Z"}}"#)
        let result = try await courier.run(["export", "Demo/users/get-user", "--format", "swift", "--response-example", example.path],
                                           collections: Checkout.collections, demoURL: demoURL)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdoutText.contains("typealias ResponseObjectType = GetAUserResponse"))
        #expect(result.stdoutText.contains("case createdAt = \"created_at\""))
        let folder = try await courier.run(["export", "Demo/users", "--format", "swift", "--response-example", example.path],
                                           collections: Checkout.collections, demoURL: demoURL)
        #expect(folder.status == 2)
        #expect(folder.stderr.contains("--response-example takes one request's response"))
    }

    @Test("Without --response-example, the swift export types a response from the last 2xx one History kept")
    func responseFromHistory() async throws {
        let courier = try CourierUnderTest()
        let root = Checkout.collections.appendingPathComponent("Demo")
        let folder = StateFolder(collectionRoot: root, environment: nil, processEnvironment: ["XDG_STATE_HOME": courier.state.url.path])
        let store = try HistoryStore(folder: folder)
        let body = Data(#"{"data": {"id": 2, "name": "Alan Turing", "signed_up_at": "2024-02-11T09:30:00Z"}}"#.utf8)
        // An older success, then a failure: the success is the example, the 404 is not.
        for (status, data) in [(200, body), (404, Data(#"{"error": {"code": "not_found"}}"#.utf8))] {
            _ = try store.record(HistoryRecord(requestID: "Demo/users/get-user", status: status, reason: "", duration: 0.01,
                                               headers: [("Content-Type", "application/json")], method: "GET",
                                               url: "http://127.0.0.1:9/users/2", body: data), redactor: SecretRedactor())
        }
        let result = try await courier.run(["export", "Demo/users/get-user", "--format", "swift"], collections: Checkout.collections, demoURL: demoURL)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdoutText.contains("case signedUpAt = \"signed_up_at\""), "\(result.stdoutText)")
        #expect(!result.stdoutText.contains("typealias ResponseObjectType = Data"))
    }
}
