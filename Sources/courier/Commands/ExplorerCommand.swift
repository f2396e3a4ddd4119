import ArgumentParser
import CourierCollections
import CourierTerminal
import CourierUI
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

    @Option(name: .long, help: "A theme from Themes/ (default, light, solarized-dark, high-contrast, monochrome).")
    var theme: String?

    func run() async throws {
        guard isatty(0) == 1 && isatty(1) == 1 else {
            try await Overview(options: options).run()
            return
        }
        let tree = CollectionLoader.load(options.directory)
        let terminal = Terminal()
        do {
            try terminal.start()
        } catch {
            throw CLIFailure.usage("\(error)")
        }
        defer { terminal.stop() }
        let settings = ExplorerSettings.load(themeOverride: theme)
        var state = ExplorerState(width: terminal.width, height: terminal.height, tree: Self.nodes(tree.entries), keyMap: settings.keyMap)
        if let problem = settings.problems.first {
            state.status = "\(problem) (ignored)"
        } else if !tree.errors.isEmpty {
            state.status = "\(tree.errors.count) collection file problem(s); `courier check` lists them"
        }
        while true {
            terminal.draw(state.render(theme: settings.theme))
            guard let event = terminal.nextEvent(timeout: 250) else { continue }
            for effect in state.update(.event(event)) {
                switch effect {
                case .quit: return
                case .suspend: terminal.suspend()
                case .copy(let text): state.status = "copied \(text) (\(Clipboard.copy(text)))"
                case .open: break  // the request editor arrives with the explorer issue
                }
            }
        }
    }

    /// The collections tree as the UI's nodes.
    static func nodes(_ entries: [TreeEntry]) -> [TreeNode] {
        entries.map { entry in
            switch entry {
            case .folder(let folder): return TreeNode(id: folder.id, title: folder.name, children: nodes(folder.children))
            case .request(let request): return TreeNode(id: request.id, title: request.name, method: request.method)
            }
        }
    }
}

extension Overview {
    init(options: CollectionOptions) {
        self.init()
        self.options = options
    }
}
