@testable import CourierSTRVNetworking
import Testing

@Suite("STRV facade: retry delays")
struct RetryDelayTests {
    @Test("constant waits the same; progressive grows by its step; fractions are kept (the original truncates them)")
    func intervals() {
        let constant = RetryConfiguration.DelayConfiguration.constant(0.25)
        let progressive = RetryConfiguration.DelayConfiguration.progressive(0.5)
        #expect((1...3).map(constant.interval(afterAttempt:)) == [0.25, 0.25, 0.25])
        #expect((1...3).map(progressive.interval(afterAttempt:)) == [0.5, 1.0, 1.5])
        let strategy = RetryConfiguration(retries: 2, delay: .progressive(0.5)) { _ in true }.strategy(accepting: nil)
        #expect((1...3).map(strategy.delay.interval(afterAttempt:)) == [0.5, 1.0, 1.5], "Courier waits what the facade would")
        #expect(strategy.retries == 2 && strategy.retriesNonIdempotent)
        #expect(!RetryConfiguration.default.strategy(accepting: nil).retriesNonIdempotent)
    }
}
