@testable import CourierJustNetworking
import Foundation
import Testing

@Suite("JustNetworking facade: no base URL")
struct UnsetURLTests {
    /// A router as it is before `setCurrentURL(_:)` (the global itself is left alone: other tests use it).
    struct Unset: Router {
        var route: Route { Route(path: "user/1", method: .get) }
        var baseURL: URL { NetworkConfiguration.unsetURL }
    }

    @Test("Before setCurrentURL a router's request fails with a sentence that names the fix, and nothing is sent")
    func unsetURL() async throws {
        do {
            try await DefaultRequester().execute(RequestType<Void>(requestFactory: RequestFactory(router: Unset())))
            Issue.record("a request without a base URL succeeded")
        } catch {
            #expect("\(error)".contains("NetworkConfiguration.setCurrentURL"), "\(error)")
        }
    }
}
