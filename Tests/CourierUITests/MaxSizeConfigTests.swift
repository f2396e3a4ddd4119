import CourierUI
import Testing

/// `max-size:` in config.yaml: the body-size limit the explorer and the CLI read.
@Suite("config.yaml max-size")
struct MaxSizeConfigTests {
    @Test("Human sizes and plain bytes are read; a value that is not a size is named with its line and ignored",
          arguments: [("10MB", 10_000_000), ("4 GB", 4_000_000_000), ("512KiB", 524_288), ("1048576", 1_048_576)])
    func sizes(text: String, bytes: Int) {
        let (configuration, problems) = ConfigParser.parse("max-size: \(text)\n", file: "config.yaml")
        #expect(configuration.maximumBodySize == bytes && problems.isEmpty)
    }

    @Test("A bad max-size is a sentence with file:line:column; the limit stays the app's")
    func badSize() {
        let (configuration, problems) = ConfigParser.parse("theme: light\nmax-size: lots\n", file: "config.yaml")
        #expect(configuration.maximumBodySize == nil && configuration.theme == "light")
        #expect(problems.map(\.description) == ["config.yaml:2:11: max-size takes a size such as 10MB, 4GB or 1048576"])
    }
}
