import Courier
import CourierTestSupport
import Foundation
import Testing

// The README's library sample, run against the demo server so the docs cannot drift in behaviour
// (ReadmeSamplesTests compiles every README block as written). Only the names the sample leaves
// open (the base URL, the token, the queue) are filled in.

private struct ReadmeUser: Decodable, ResponseObject { let id: Int; let name: String }
private struct ReadmeAPIError: Decodable, ServerError { let message: String; let code: String }

@Suite("README samples")
struct CodeSamplesTests {
    @Test("The library sample runs as written")
    func librarySample() async throws {
        let baseURL = try await TestServer.url()
        let token = "t0k3n"
        let myQueue = DispatchQueue(label: "readme")
        let names = Recorder<String>()

        // --- README ---
        let endpoint = Endpoint(baseUrl: baseURL)
        endpoint.headers.authToken = .bearer(token)
        // endpoint.useAsDefault() — left out here: other suites run in parallel and the default is process-wide.

        let request = DefaultRequest<ReadmeUser, ReadmeAPIError>(
            path: "users/1", method: .get,
            responseConverter: KeyPathResponseConverter(path: "data"),
            errorConverter: KeyPathResponseConverter(path: "error"),
            endpoint: endpoint)

        let operation = request.execute()
            .response(on: myQueue)
            .onProgress { fraction in _ = fraction }
            .onSuccess { user in names.append(user.name) }
            .onFail { error in names.append("\(error)") }

        let user = try await request.asyncExecute()

        let sent = try await request.send()
        print(sent.statusCode, sent.headers["Content-Type"] ?? "", sent.debug.requestDuration)
        let curl = try endpoint.cURL(for: request)
        // --- end ---

        await operation.waitUntilFinished()
        try await Task.sleep(for: .milliseconds(20))
        #expect(names.values == ["Ada Lovelace"])
        #expect(user.id == 1)
        #expect(sent.value.id == 1 && sent.statusCode == 200)
        #expect(curl.contains("-H 'Authorization: Bearer t0k3n'"))

        let missing = DefaultRequest<ReadmeUser, ReadmeAPIError>(path: "users/99", method: .get,
                                                                 errorConverter: KeyPathResponseConverter(path: "error"))
        do {
            _ = try await missing.asyncExecute(on: endpoint)
        } catch {
            // The sentence the README quotes.
            #expect(error.description == "The server answered 404 Not Found: User 99 not found")
        }
    }
}
