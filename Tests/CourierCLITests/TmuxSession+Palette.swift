import CourierTestSupport

extension TmuxSession {
    /// Opens a request in the explorer with the palette (`p`, its name, Enter) and waits for
    /// `title`; nothing is sent.
    func openWithPalette(_ name: String, title: String) async throws {
        try await send("p")
        try await waitFor { $0.contains("Go to request") }
        try await send(name, literal: true)
        try await send("Enter")
        try await waitFor { $0.contains(title) }
    }
}
