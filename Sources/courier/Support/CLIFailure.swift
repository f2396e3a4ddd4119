import ArgumentParser
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A failure the command line reports as a sentence on stderr with a documented exit code.
enum CLIFailure: Error, CustomStringConvertible {
    /// Bad arguments: exit 2.
    case usage(String)
    /// Broken collection files or templates: exit 2.
    case collection(String)
    /// The server could not be reached: exit 3.
    case transport(String)

    var description: String {
        switch self {
        case .usage(let message), .collection(let message), .transport(let message): return message
        }
    }

    var exitCode: Int32 {
        switch self {
        case .usage, .collection: return 2
        case .transport: return 3
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
            Output.error("courier: \(failure)\n")
            #if canImport(Darwin)
            Darwin.exit(failure.exitCode)
            #else
            Glibc.exit(failure.exitCode)
            #endif
        } catch {
            // ArgumentParser ends usage errors with EX_USAGE (64); DESIGN's table says 2.
            if exitCode(for: error).rawValue == 64 {
                Output.error(fullMessage(for: error) + "\n")
                Glibc.exit(2)
            }
            exit(withError: error)
        }
    }
}
