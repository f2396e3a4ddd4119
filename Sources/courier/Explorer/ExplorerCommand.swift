import ArgumentParser
import CourierCollections
import CourierExplorer
import CourierTerminal
import CourierUI
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// `courier` with no subcommand: the explorer on a terminal, the overview otherwise.
struct ExplorerCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "explore",
        abstract: "Open the explorer on the collections (the default command)."
    )

    @OptionGroup var options: CollectionOptions

    @Option(name: .long, help: "A theme: NAME.yaml in $XDG_CONFIG_HOME/courier/themes/, else in Themes/ beside the collections, else built in (default, light, solarized-dark, high-contrast, monochrome).")
    var theme: String?

    @Option(name: .long, help: "Response bodies larger than this go to a temporary file instead of memory (8 MB, 512 KiB, off; default 8 MB or spool-above in config.yaml).")
    var spoolAbove: String?

    @OptionGroup var transportOptions: TransportOptions

    func validate() throws {
        if let spoolAbove, BodySpooling.parse(spoolAbove) == nil {
            throw ValidationError("--spool-above takes a size such as 8 MB or 512 KiB, or off; '\(spoolAbove)' is neither")
        }
        let lookup = ThemeLookup(collections: options.directory)
        if let theme, lookup.load(theme) == nil { throw ValidationError(lookup.unknown(theme)) }
    }

    func run() async throws {
        guard isatty(0) == 1 && isatty(1) == 1 else {
            try await Overview(options: options).run()
            return
        }
        let terminal = Terminal()
        do {
            try terminal.start()
        } catch {
            throw CLIFailure.usage("\(error)")
        }
        defer { terminal.stop() }
        var settings = ExplorerSettings.load(themeOverride: theme, collections: options.directory)
        if let spooling = spoolAbove.flatMap(BodySpooling.parse) { settings.spooling = spooling }
        let transports = AppTransports()
        settings.transports = transports.selection(override: transportOptions.transport,
                                                   maximumBodySize: transportOptions.maximumBodySize(configured: settings.maximumBodySize))
        let store = FileCollectionStore(directory: options.directory)
        let session = ExplorerSession(terminal: terminal, settings: settings, store: store, demo: DemoServerLauncher())
        // The loop blocks in the terminal's read, so it gets a thread of its own rather than one of
        // the few the concurrency pool has; requests and previews run on the pool meanwhile.
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let thread = Thread {
                session.run()
                continuation.resume()
            }
            thread.stackSize = 8 << 20
            thread.start()
        }
        await transports.shutdown()
    }
}

extension Overview {
    init(options: CollectionOptions) {
        self.init()
        self.options = options
    }
}
