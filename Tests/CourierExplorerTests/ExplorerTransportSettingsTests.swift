import CourierCollections
import CourierExplorer
import CourierTestSupport
import Foundation
import Testing

/// What the explorer reads for sending: `max-size:` from config.yaml, and the library's transport
/// selection until the app brings its own.
@Suite("Explorer settings for transports")
struct ExplorerTransportSettingsTests {
    @Test("max-size: in $XDG_CONFIG_HOME/courier/config.yaml is read; a bad one is a problem and leaves the limit to the app")
    func maximumBodySize() throws {
        let config = try TemporaryDirectory()
        try config.write("courier/config.yaml", "max-size: 10MB\n")
        let settings = ExplorerSettings.load(themeOverride: nil, environment: ["XDG_CONFIG_HOME": config.url.path])
        #expect(settings.maximumBodySize == 10_000_000 && settings.problems.isEmpty)
        #expect(settings.transports.standard == .urlsession, "the library's default until the app injects AsyncHTTPClient")

        try config.write("courier/config.yaml", "max-size: huge\n")
        let bad = ExplorerSettings.load(themeOverride: nil, environment: ["XDG_CONFIG_HOME": config.url.path])
        #expect(bad.maximumBodySize == nil)
        #expect(bad.problems.contains { $0.hasSuffix("config.yaml:1:11: max-size takes a size such as 10MB, 4GB or 1048576") }, "\(bad.problems)")
    }
}
