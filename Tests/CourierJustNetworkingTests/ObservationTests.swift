import Courier
import CourierJustNetworking
import CourierTestSupport
import Foundation
import Testing
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// `DefaultRequester` is Courier's pipeline underneath: its observers and debug records see every call.
@Suite("JustNetworking facade: Courier's observers and DebugInfo")
struct ObservationTests {
    @Test("Observers see the request as sent, the builders' settings included; DebugInfo records the exchange")
    func observed() async throws {
        let base = try await Demo.start()
        let requester = DefaultRequester(retries: 1)
        let observer = RecordingObserver()
        _ = requester.endpoint.observation.register(observer)
        let builder = compose(set(to: \.cachePolicy, .reloadIgnoringCacheData), addHeaders(["X-Seen": "yes"]))
        let router = DemoRoute(base: base, path: "status/503")
        await #expect(throws: ResponseError.self) {
            try await requester.execute(RequestType<Void>(requestFactory: RequestFactory(router: router, requestBuilder: builder)))
        }
        #expect(observer.sent.values.count == 2, "one retry")
        #expect(observer.sent.values.allSatisfy { $0.cachePolicy == .reloadIgnoringCacheData && $0.value(forHTTPHeaderField: "X-Seen") == "yes" })
        let info = try #require(observer.finished.values.first)
        #expect(info.attempts == 2 && info.urlResponse?.statusCode == 503)
    }
}
