import Courier
import CourierSTRVNetworking
import CourierTestSupport
import Foundation
import Testing
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The facade is Courier's pipeline underneath: its observers and debug records see every call.
@Suite("STRV facade: Courier's observers and DebugInfo")
struct ObservationTests {
    @Test("Observers see each attempt of a retried call; DebugInfo records the attempts, the status and a cURL command")
    func observed() async throws {
        try await Demo.start()
        let manager = APIManager()
        let observer = RecordingObserver()
        _ = manager.endpoint.observation.register(observer)
        let retry = RetryConfiguration(retries: 2, delay: .constant(0)) { _ in true }
        await #expect(throws: NetworkError.self) { try await manager.request(DemoRouter.status(502), retryConfiguration: retry) }
        #expect(observer.attempts.values == [1, 2, 3])
        let info = try #require(observer.finished.values.first)
        #expect(info.attempts == 3 && info.urlResponse?.statusCode == 502)
        #expect(info.cURL?.contains("/status/502") == true)
    }
}
