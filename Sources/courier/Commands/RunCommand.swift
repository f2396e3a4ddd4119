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
        Raw output (a pipe, --raw) and --output stream as the bytes arrive, so a body of any size takes no \
        memory; on a terminal (or with --pretty) the response of a request whose Accept asks for an event stream \
        (text/event-stream, NDJSON) is printed event by event as it arrives, with the time, event name and id and \
        its data pretty when JSON; --stream does so whatever the Accept, and prints any other body as it arrives too; --output writes a temporary file next to FILE and renames it when the body is complete. On a \
        terminal, control characters from the server (in the body, the headers, an error) are shown as \
        pictures (␛, ␇) instead of being obeyed, and binary bodies are refused; --raw prints them as received. \
        Exit codes: 0 success, 1 failure (a request with expect: lines is judged by them alone, one without \
        by its status: 2xx/3xx succeed), 2 for usage or collection errors, 3 for transport errors \
        (refused, timeout, TLS, a body past --max-size, a redirect to a non-http(s) URL).

        Captured variables (capture:) are remembered in $XDG_STATE_HOME/courier/ per collection and \
        environment, so a later run uses them; requires: runs the requests that capture a missing variable \
        first (--fresh: always). Cookies that responses set are kept in a jar there too and sent by later \
        requests and runs, scoped by domain and path (--no-cookies: the run starts from an empty jar and saves \
        nothing; courier cookies lists, exports, imports and clears the jar).

        --include masks secrets in the headers it prints (Set-Cookie, Authorization, values from *.secret.yaml \
        and {{$env.NAME}}, captured tokens, …); --show-secrets prints them as received.

        \(CommandExport.demoHelp)
        """
    )

    @OptionGroup var options: CollectionOptions
    @Argument(help: "The request id, for example Demo/users/list-users.") var id: String
    @OptionGroup var variables: VariableOptions
    @OptionGroup var transport: TransportOptions
    @OptionGroup var cookies: CookieOptions
    @Flag(name: .shortAndLong, help: "Print the status line and headers before the body.") var include = false
    @Flag(name: .long, help: "Print the body after the request's key-path converter (errorConverter for 4xx/5xx).") var converted = false
    @Flag(name: .long, help: "Print the body as received, even on a terminal.") var raw = false
    @Flag(name: .long, help: "Pretty-print JSON even when stdout is not a terminal.") var pretty = false
    @Flag(name: .long, help: "Print the body as it arrives whatever its type (event streams always are).") var stream = false
    @Option(name: .shortAndLong, help: "Write the body to FILE instead of stdout.") var output: String?
    @Flag(name: .long, help: "Print secrets in the headers --include prints instead of ••••••.") var showSecrets = false
    @Flag(name: .long, help: "Do not evaluate expect: lines; judge the response by its status.") var noExpect = false
    @Flag(name: .long, help: "Run the requests of requires: even when their captured variables are there.") var fresh = false

    func run() async throws {
        let workspace = Workspace(options: options)
        let request = try workspace.request(id)
        try workspace.checkFile(of: request)
        let session = try workspace.session(variables, transport: transport, cookies: cookies, fresh: fresh, evaluate: !noExpect)
        let progress = Output.stderrIsTerminal ? ProgressLine() : nil
        session.progress = { transfer in
            progress?.update(received: transfer.bytesReceived, total: transfer.totalBytesToReceive,
                             sent: transfer.bytesSent, toSend: transfer.totalBytesToSend)
        }
        // Raw bytes stream as they arrive; pretty and converted output need the whole body.
        let streams = !converted && (output != nil || (!pretty && (raw || !Output.stdoutIsTerminal)))
        let writer = streams ? try ResponseWriter(file: output.map(OutputFile.init), headText: include ? headText : nil) : nil
        // Readable output still streams an event stream (or, with --stream, any body) as it arrives.
        let printer = streams || converted ? nil
            : EventPrinter(streamsEverything: stream, shown: Output.stdoutIsTerminal && !raw, headText: include ? headText : nil) {
                progress?.finish()
            }
        let outcomes: [RequestOutcome]
        do {
            outcomes = try await session.run(request, streamingTo: writer ?? printer)
        } catch {
            writer?.discard()
            await workspace.shutdown()
            throw CLIFailure.collection(error.description)
        }
        progress?.finish()
        await workspace.shutdown()
        Workspace.save(session.pendingCaptures())
        // A cookie the jar refused (another domain's, say) would otherwise just be missing later.
        for rejection in outcomes.last?.result?.debug.rejectedCookies ?? [] { Output.error("courier: note: \(rejection)\n") }
        for prerequisite in outcomes.dropLast() {
            Output.error("courier: ran \(prerequisite.request.id) first (required): \(TestLine.summary(prerequisite))\n")
        }
        guard let outcome = outcomes.last else {
            writer?.discard()
            return
        }
        do {
            try print(outcome, streamedTo: writer, printedBy: printer)
        } catch {
            writer?.discard()
            throw error
        }
        if outcome.verdict == .failed {
            for line in TestLine.failures(of: outcome, explainStatus: false) { Output.error(line + "\n") }
            throw ExitCode(1)
        }
    }

    private func print(_ outcome: RequestOutcome, streamedTo writer: ResponseWriter?, printedBy printer: EventPrinter?) throws {
        if let failure = writer?.failure { throw failure }
        if let problem = outcome.problem {
            // Events already printed end their line before the sentence about what stopped them.
            if let printer, printer.printedLive { printer.finish() }
            switch problem {
            case .collection(let message), .invalidRequest(let message): throw CLIFailure.collection(message)
            case .cancelled: throw ExitCode(130)
            // A failure may quote the URL or a header ("could not connect to https://…?token=…").
            case .transport(let message): throw CLIFailure.transport(outcome.redactor.redact(message))
            }
        }
        guard let result = outcome.result, let status = result.statusCode else { return }
        if let writer { return try writer.finish() }
        if let printer, printer.printedLive { return printer.finish() }
        if include { Output.write(Data(headText(status, result.headers, outcome.redactor).utf8)) }
        var body = printer?.bufferedBody ?? result.body
        if converted {
            let key = status >= 400 ? "errorConverter" : "converter"
            let definition = outcome.request.definition
            guard let path = status >= 400 ? definition.errorConverter : definition.converter else {
                throw CLIFailure.usage("\(outcome.request.id) has no \(key) for a \(status) response; add `\(key): data` to \(outcome.request.displayPath)")
            }
            do {
                body = try JSONLookup.value(at: JSONKeyPath(path), in: body)
            } catch {
                throw CLIFailure.collection("the converter \"\(path)\" of \(outcome.request.id) does not fit the response: \(error)")
            }
        }
        try emit(body)
    }

    private func emit(_ body: Data) throws {
        if let output {
            let writer = ResponseWriter(file: try OutputFile(output), headText: nil)
            do {
                try writer.body(body)
                return try writer.finish()
            } catch {
                writer.discard()
                throw error
            }
        }
        let terminal = Output.stdoutIsTerminal
        // A terminal obeys control characters; the server's are shown as pictures unless --raw.
        // Written piece by piece, so the body is the only whole copy in memory.
        var text = TerminalText(shown: terminal && !raw)
        if (terminal || pretty) && !raw, (try? JSONFormatter.pretty(body, into: { text.write($0) })) != nil {
            text.finish()
            Output.write(Data("\n".utf8))
        } else if text.shown && TerminalText.looksBinary(body) {
            Output.error("The \(ByteCount.text(body.count)) body is binary; save it with --output FILE or print it with --raw.\n")
        } else {
            text.write(body)
            text.finish()
            if terminal, body.last != UInt8(ascii: "\n"), !body.isEmpty { Output.write(Data("\n".utf8)) }
        }
    }

    /// The status line and headers `--include` prints, secrets masked unless `--show-secrets`; on
    /// a terminal the server's control characters are pictures unless `--raw`.
    @Sendable private func headText(_ status: Int, _ headers: [(String, String)], _ redactor: SecretRedactor) -> String {
        var head = "HTTP/1.1 \(status) \(HTTPURLResponse.localizedString(forStatusCode: status).capitalized)\n"
        for (name, value) in headers { head += "\(name): \(showSecrets ? value : redactor.header(name, value: value))\n" }
        return Output.stdoutIsTerminal && !raw ? ControlPictures.clean(head, layout: .text) + "\n" : head + "\n"
    }
}

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
