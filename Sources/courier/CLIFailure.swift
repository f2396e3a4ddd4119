import ArgumentParser
#if canImport(Glibc)
import Glibc
#endif

/// A failure the command line reports as a sentence on stderr with a documented exit code.
enum CLIFailure: Error, CustomStringConvertible {
    /// Bad arguments or collection errors: exit 2.
    case usage(String)

    var description: String {
        switch self {
        case .usage(let message): return message
        }
    }

    var exitCode: Int32 {
        switch self {
        case .usage: return 2
        }
    }
}

extension CourierCommand {
    /// Runs the command, printing `CLIFailure`s as sentences with their exit codes.
    static func main() async {
        do {
            var command = try parseAsRoot()
            if var asyncCommand = command as? any AsyncParsableCommand {
                try await asyncCommand.run()
            } else {
                try command.run()
            }
        } catch let failure as CLIFailure {
            FileHandleOutput.standardError("courier: \(failure)\n")
            Glibc.exit(failure.exitCode)
        } catch {
            exit(withError: error)
        }
    }
}

/// Writes to stderr without touching the non-Sendable `stderr` global.
enum FileHandleOutput {
    static func standardError(_ text: String) {
        var bytes = Array(text.utf8)
        _ = write(2, &bytes, bytes.count)
    }
}
