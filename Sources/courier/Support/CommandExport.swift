import CourierCollections

/// What `courier curl` and `courier export` share: print a request as a command with real values
/// (it runs as printed) or masked with `--redact`, and say when `{{$demo}}` will be gone.
enum CommandExport {
    static func print(_ id: String, as format: ExportFormat, options: CollectionOptions, variables: VariableOptions,
                      redact: Bool) async throws {
        Output.print(try await text(id, as: format, options: options, variables: variables, redact: redact))
    }

    /// The command for request `id`.
    static func text(_ id: String, as format: ExportFormat, options: CollectionOptions, variables: VariableOptions,
                     redact: Bool) async throws -> String {
        let workspace = Workspace(options: options)
        let request = try await workspace.prepare(id, with: variables)
        let command: String
        do {
            command = try format.command(for: request.resolved, auth: request.auth, connection: request.connection)
                .text(redactedBy: redact ? request.redactor : nil)
        } catch {
            await workspace.shutdown()
            throw CLIFailure.collection("\(request.loaded.displayPath): error: \(error)")
        }
        if let note = oauthNote(request) { Output.error("courier: \(note)\n") }
        if let note = await workspace.ephemeralDemoNote() { Output.error("courier: \(note)\n") }
        await workspace.shutdown()
        return command
    }

    /// A sentence saying that an OAuth 2.0 request went out without a token, when none is cached yet.
    private static func oauthNote(_ request: PreparedCommandRequest) -> String? {
        guard case .oauth2? = request.auth, request.resolved.authToken == nil else { return nil }
        return "note: \(request.loaded.id) authenticates with OAuth 2.0 and no usable token is cached, so the command has no " +
            "Authorization header; `courier run \(request.loaded.id)` fetches one, then export again."
    }

    /// Help shared by the commands that fill in `{{$demo}}`.
    static let demoHelp = """
        Requests that use {{$demo}} (the Demo collection) reach the built-in demo server: started on a free \
        loopback port for the command and stopped when it exits, unless COURIER_DEMO_URL names one that keeps \
        running, such as `courier demo-server --port 8080` in another terminal with \
        COURIER_DEMO_URL=http://127.0.0.1:8080.
        """
}
