import ArgumentParser
import CourierCollections

/// `courier list`: the collections as a tree of request ids with their methods.
struct ListCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "list", abstract: "Show every request id, as a tree.")

    @OptionGroup var options: CollectionOptions

    func run() async throws {
        let tree = CollectionLoader.load(options.directory)
        if tree.entries.isEmpty && !tree.errors.isEmpty { throw CLIFailure.collection(tree.errors.map(\.description).joined(separator: "\n")) }
        var lines: [String] = []
        func walk(_ entries: [TreeEntry], depth: Int) {
            for entry in entries {
                let indent = String(repeating: "  ", count: depth)
                switch entry {
                case .folder(let folder):
                    lines.append("\(indent)\(folder.name)/")
                    walk(folder.children, depth: depth + 1)
                case .request(let request):
                    lines.append("\(indent)\(request.method.padding(toLength: 7, withPad: " ", startingAt: 0)) \(request.id)")
                }
            }
        }
        walk(tree.entries, depth: 0)
        Output.print(lines.joined(separator: "\n"))
        // Files with errors are listed (their method as `?` when it was not read), and named here.
        if !tree.errors.isEmpty {
            Output.error(tree.errors.map(\.description).joined(separator: "\n") + "\n")
            Output.error("\(tree.errors.count) error(s) in collection files; `courier check` lists every problem.\n")
            throw ExitCode(1)
        }
    }
}
