import CourierExplorer

/// `{{$demo}}` in tests: the process's shared loopback demo server, which the tests stop never.
public struct TestDemoURL: DemoURLSource {
    public init() {}
    public func url() async throws -> String { try await TestServer.shared().url }
    public func stop() async {}
}
