import ArgumentParser
import Courier
import CourierCollections
import CourierExplorer
import CourierUI

/// `--transport`, `--max-size` and the connection flags (curl's names), shared by the commands that send requests.
struct TransportOptions: ParsableArguments {
    @Option(name: .long, help: "Send through asynchttpclient (the default) or urlsession; wins over transport: in the files.")
    var transport: TransportName?

    @Option(name: .long, help: "Stop a response whose body, decompressed, grows past this size (10MB, 4GB, 512KiB or bytes; default 4GB or max-size in config.yaml).")
    var maxSize: String?

    @Flag(name: [.customShort("k"), .long], help: "Accept any server certificate (self-signed, expired, another host's); wins over insecure: in the files.")
    var insecure = false

    @Option(name: .customLong("cacert"), help: ArgumentHelp("Trust the certificate authorities of this PEM file instead of the system's.", valueName: "file"))
    var caCert: String?

    @Option(name: .customLong("cert"), help: ArgumentHelp("Show this PEM client certificate to servers that ask for one.", valueName: "file"))
    var clientCert: String?

    @Option(name: .customLong("key"), help: ArgumentHelp("The client certificate's PEM private key (else read from --cert's file).", valueName: "file"))
    var clientKey: String?

    @Option(name: [.customShort("x"), .long], help: ArgumentHelp("Send through this proxy: http://[user:password@]host:port or socks5://host:port; \"\" for none.", valueName: "url"))
    var proxy: String?

    @Option(name: .customLong("noproxy"), help: ArgumentHelp("Reach these hosts (comma-separated; * for all) without the proxy.", valueName: "hosts"))
    var noProxy: String?

    @Flag(name: .customLong("http1.1"), help: "Keep to HTTP/1.1, never HTTP/2; wins over httpVersion: in the files.")
    var http11 = false

    @Flag(name: .customLong("http2-prior-knowledge"), help: "Force HTTP/2: refused with a sentence, as AsyncHTTPClient cannot (it uses HTTP/2 where a TLS server offers it).")
    var http2 = false

    func validate() throws {
        if http11 && http2 { throw ValidationError("--http1.1 and --http2-prior-knowledge cannot both be given") }
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
        var selection = transports.selection(override: transport, maximumBodySize: maximumBodySize(configured: configuration.maximumBodySize))
        selection.connection = connection
        return selection
    }

    /// The connection flags, as a layer over every file (a flag not given leaves the files' setting).
    var connection: ConnectionDefinition {
        ConnectionDefinition(insecure: insecure ? true : nil, caCert: caCert, clientCert: clientCert, clientKey: clientKey,
                             proxy: proxy, noProxy: noProxy.map(ProxySettings.hosts(in:)), httpVersion: http2 ? "2" : http11 ? "1.1" : nil)
    }
}

extension TransportName: ExpressibleByArgument {}
