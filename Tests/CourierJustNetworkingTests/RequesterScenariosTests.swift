import CourierDemoServer
import CourierJustNetworking
import CourierTestSupport
import Foundation
import Testing

/// The demo server's routes for requester tests, on a given server.
struct DemoRoute: Router {
    let base: URL
    let path: String
    var method: HTTPMethod = .get

    var route: Route { Route(path: path, method: method) }
    var baseURL: URL { base }
}

/// The core's cancellation, retry, status and progress scenarios through `DefaultRequester`.
@Suite("JustNetworking facade: cancellation, retries, statuses, progress")
struct RequesterScenariosTests {
    /// A server of its own, so its counters see only this test.
    private func server() async throws -> (DemoServer, URL) {
        let server = try await DemoServer.start()
        return (server, try #require(URL(string: server.url)))
    }

    private func request<T: Decodable & Sendable>(_ base: URL, _ path: String, method: HTTPMethod = .get,
                                                  as type: T.Type = T.self) -> RequestType<T> {
        RequestType<T>(requestFactory: RequestFactory(router: DemoRoute(base: base, path: path, method: method)))
    }

    @Test("Cancelling the task cancels the request in flight with CancellationError; cancelAll reaches callbacks")
    func cancellation() async throws {
        let (server, base) = try await server()
        let requester = DefaultRequester(retries: 3)
        let call = Task { try await requester.execute(request(base, "delay/30", as: Echo.self)) }
        while server.statistics.count(for: "/delay/30") == 0 { try await Task.sleep(for: .milliseconds(5)) }
        call.cancel()
        await #expect(throws: CancellationError.self) { _ = try await call.value }

        let result = await withCheckedContinuation { continuation in
            requester.execute(request(base, "delay/30", as: Echo.self), response: { continuation.resume(returning: $0) })
            requester.cancelAll()
        }
        #expect(throws: CancellationError.self) { try result.get() }
        #expect(server.statistics.count(for: "/delay/30") <= 2, "cancelled requests are never retried")
        await server.stop()
    }

    @Test("Retries: idempotent requests on 503 up to the count, a POST never; the final error is ResponseError")
    func retries() async throws {
        let (server, base) = try await server()
        let requester = DefaultRequester(retries: 2)
        do {
            _ = try await requester.execute(request(base, "status/503", as: Echo.self))
            Issue.record("a 503 succeeded")
        } catch let error as ResponseError {
            #expect(error.statusCode == 503 && !error.data.isEmpty)
            #expect(error.description.contains("503"))
        }
        #expect(server.statistics.count(for: "/status/503") == 3)
        await #expect(throws: ResponseError.self) { try await requester.execute(request(base, "status/503", method: .post, as: Echo.self)) }
        #expect(server.statistics.count(for: "/status/503") == 4)
        await server.stop()
    }

    @Test("Progress grows to 1 while a body arrives; cURL exports what the requester sends")
    func progress() async throws {
        let (server, base) = try await server()
        let requester = DefaultRequester()
        let fractions = Recorder<Double>()
        let body = RequestType<Data>(requestFactory: RequestFactory(router: DemoRoute(base: base, path: "bytes/3000000"))) { $0 }
        let data = try await requester.data(for: body.urlRequest, progress: { fractions.append($0) })
        #expect(data.count == 3_000_000)
        #expect(fractions.values.last == 1 && fractions.values == fractions.values.sorted())
        #expect(fractions.values.count > 1)
        let curl = try requester.cURL(for: RequestType<Void>(requestFactory: RequestFactory(
            router: DemoRoute(base: base, path: "echo/x", method: .delete), requestBuilder: addHeaders(["X-A": "1"]))))
        #expect(curl.contains("DELETE") && curl.contains("X-A: 1") && curl.contains("/echo/x"), "\(curl)")
        await server.stop()
    }

    @Test("Cookies persist per requester; a parser error is the callback's failure")
    func cookiesAndParsing() async throws {
        let base = try await Demo.start()
        let requester = DefaultRequester()
        try await requester.execute(RequestType<Void>(requestFactory: RequestFactory(router: DemoRoute(base: base, path: "cookies/set"),
                                                                                      requestBuilder: addURLParams(["flavour": "oat"]))))
        struct Jar: Decodable { let data: [String: String] }
        let jar = try await requester.execute(request(base, "cookies", as: Jar.self))
        #expect(jar.data == ["flavour": "oat"])
        struct Unparsable: Error {}
        let failing = RequestType<Int>(requestFactory: RequestFactory(router: DemoRoute(base: base, path: "echo/p"))) { _ in throw Unparsable() }
        let result = await withCheckedContinuation { continuation in requester.execute(failing, response: { continuation.resume(returning: $0) }) }
        #expect(throws: Unparsable.self) { try result.get() }
    }
}
