import ArgumentParser
import CourierCollections
import CourierExplorer
import CourierUI

/// `--transport` and `--max-size`, shared by the commands that send requests.
struct TransportOptions: ParsableArguments {
    @Option(name: .long, help: "Send through asynchttpclient (the default) or urlsession; wins over transport: in the files.")
    var transport: TransportName?

    @Option(name: .long, help: "Stop a response whose body, decompressed, grows past this size (10MB, 4GB, 512KiB or bytes; default 4GB or max-size in config.yaml).")
    var maxSize: String?

    func validate() throws {
        if let maxSize, ByteCount.parse(maxSize) == nil {
            throw ValidationError("--max-size takes a size such as 10MB, 4GB or 1048576; '\(maxSize)' is not one")
        }
    }

    /// The body-size limit: `--max-size`, else `max-size:` in config.yaml, else 4 GB.
    func maximumBodySize(configured: Int?) -> Int {
        maxSize.flatMap(ByteCount.parse) ?? configured ?? AppTransports.standardMaximumBodySize
    }

    /// How requests pick and make their transports, `transports` keeping them for the run. A
    /// broken config.yaml entry is named on stderr and ignored, as the explorer does.
    func selection(_ transports: AppTransports) -> TransportSelection {
        let (configuration, problems) = ExplorerSettings.configuration() ?? (Configuration(), [])
        for problem in problems { Output.error("courier: \(problem) (ignored)\n") }
        return transports.selection(override: transport, maximumBodySize: maximumBodySize(configured: configuration.maximumBodySize))
    }
}

extension TransportName: ExpressibleByArgument {}
