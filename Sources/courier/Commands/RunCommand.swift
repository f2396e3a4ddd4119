import ArgumentParser
import Courier
import CourierCollections
import CourierJSON
import CourierUI
import Foundation

/// `courier run ID`: sends a request and prints the response body.
struct RunCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "run",
        abstract: "Send a request and print the response body.",
        discussion: """
        The body is pretty JSON when stdout is a terminal (or with --pretty), the raw bytes otherwise. \
        Exit codes: 0 for 2xx/3xx, 1 for 4xx/5xx, 2 for usage or collection errors, 3 for transport errors \
        (refused, timeout, TLS).

        --include masks secrets in the headers it prints (Set-Cookie, Authorization, values from *.secret.yaml \
        and {{$env.NAME}}, …); --show-secrets prints them as received.

        \(CommandExport.demoHelp)
        """
    )

    @OptionGroup var options: CollectionOptions
    @Argument(help: "The request id, for example Demo/users/list-users.") var id: String
    @OptionGroup var variables: VariableOptions
    @Flag(name: .shortAndLong, help: "Print the status line and headers before the body.") var include = false
    @Flag(name: .long, help: "Print the body after the request's key-path converter (errorConverter for 4xx/5xx).") var converted = false
    @Flag(name: .long, help: "Print the body as received, even on a terminal.") var raw = false
    @Flag(name: .long, help: "Pretty-print JSON even when stdout is not a terminal.") var pretty = false
    @Option(name: .shortAndLong, help: "Write the body to FILE instead of stdout.") var output: String?
    @Flag(name: .long, help: "Print secrets in the headers --include prints instead of ••••••.") var showSecrets = false

    func run() async throws {
        let workspace = Workspace(options: options)
        let prepared = try await workspace.prepare(id, with: variables)
        let (request, resolved) = (prepared.loaded, prepared.resolved)
        let progress = Output.stderrIsTerminal ? ProgressLine() : nil
        let result = await RequestRunner.run(resolved) { transfer in
            progress?.update(received: transfer.bytesReceived, total: transfer.totalBytesToReceive,
                             sent: transfer.bytesSent, toSend: transfer.totalBytesToSend)
        }
        progress?.finish()
        await workspace.shutdown()

        guard let status = result.statusCode else {
            // A failure may quote the URL or a header ("could not connect to https://…?token=…").
            let failure = prepared.redactor.redact(result.failure ?? "The request failed without a response.")
            switch result.failureKind {
            case .invalidRequest?: throw CLIFailure.usage(failure)
            case .cancelled?: throw ExitCode(130)
            default: throw CLIFailure.transport(failure)
            }
        }
        if include {
            var head = "\(result.httpVersion) \(status) \(HTTPURLResponse.localizedString(forStatusCode: status).capitalized)\n"
            for (name, value) in result.headers { head += "\(name): \(showSecrets ? value : prepared.redactor.header(name, value: value))\n" }
            Output.write(Data((head + "\n").utf8))
        }
        var body = result.body
        if converted {
            let key = status >= 400 ? "errorConverter" : "converter"
            guard let path = resolved.converterPath(forError: status >= 400) else {
                throw CLIFailure.usage("\(request.id) has no \(key) for a \(status) response; add `\(key): data` to \(request.displayPath)")
            }
            do {
                body = try JSONLookup.value(at: JSONKeyPath(path), in: body)
            } catch {
                throw CLIFailure.collection("the converter \"\(path)\" of \(request.id) does not fit the response: \(error)")
            }
        }
        try emit(body)
        if status >= 400 { throw ExitCode(1) }
    }

    private func emit(_ body: Data) throws {
        if let output {
            do {
                try body.write(to: URL(fileURLWithPath: output), options: .atomic)
            } catch {
                throw CLIFailure.usage("cannot write \(output): \(error.localizedDescription)")
            }
            Output.error("Saved \(ByteCount.text(body.count)) to \(output)\n")
            return
        }
        let terminal = Output.stdoutIsTerminal
        if (terminal || pretty) && !raw, let formatted = try? JSONFormatter.pretty(body) {
            Output.write(formatted + Data("\n".utf8))
        } else if terminal && !raw && String(data: body, encoding: .utf8) == nil {
            Output.error("The \(ByteCount.text(body.count)) body is binary; save it with --output FILE or print it with --raw.\n")
        } else {
            Output.write(body)
            if terminal, body.last != UInt8(ascii: "\n"), !body.isEmpty { Output.write(Data("\n".utf8)) }
        }
    }
}

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
