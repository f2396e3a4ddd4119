import Foundation

/// What an OAuth flow asks of the person at the keyboard.
public enum OAuth2Prompt: Sendable, Equatable, CustomStringConvertible {
    /// Device grant: open `verificationURL` on any device and enter `userCode` (RFC 8628 §3.3).
    case enterDeviceCode(userCode: String, verificationURL: URL, completeURL: URL?)
    /// Authorization-code grant: sign in at `url`; `browserOpened` says whether a browser was started.
    case authorize(url: URL, browserOpened: Bool)

    public var description: String {
        switch self {
        case .enterDeviceCode(let code, let url, _): return "Open \(url.absoluteString) and enter \(code)"
        case .authorize(let url, true): return "Sign in in the browser that opened at \(url.absoluteString)"
        case .authorize(let url, false): return "Open \(url.absoluteString) in a browser to sign in"
        }
    }
}

/// How the interactive grants reach the user: where prompts are shown and how a browser opens.
public struct OAuth2Interaction: Sendable {
    /// Shows a prompt (the explorer's message area, the CLI's stderr).
    public var prompt: @Sendable (OAuth2Prompt) -> Void
    /// Opens a URL in a browser; returns whether one was opened. Tests follow the URL themselves.
    public var openBrowser: @Sendable (URL) async -> Bool
    /// How long the authorization-code grant waits for the browser's redirect.
    public var redirectTimeout: Duration

    /// - Parameters:
    ///   - prompt: Shows a prompt; dropped by default.
    ///   - openBrowser: Opens a URL; `xdg-open` when it is on `PATH` by default.
    ///   - redirectTimeout: How long to wait for the browser's redirect; five minutes by default.
    public init(prompt: @escaping @Sendable (OAuth2Prompt) -> Void = { _ in },
                openBrowser: @escaping @Sendable (URL) async -> Bool = SystemBrowser.open,
                redirectTimeout: Duration = .seconds(300)) {
        self.prompt = prompt
        self.openBrowser = openBrowser
        self.redirectTimeout = redirectTimeout
    }
}

/// Opens URLs with `xdg-open`, the desktop's choice of browser on Linux.
public enum SystemBrowser {
    /// Starts `xdg-open url` when `xdg-open` is on `PATH`.
    /// - Returns: Whether it was started; false tells the caller to print the URL instead.
    public static func open(_ url: URL) async -> Bool {
        guard let opener = executable(named: "xdg-open", path: ProcessInfo.processInfo.environment["PATH"] ?? "") else { return false }
        let process = Process()
        process.executableURL = opener
        process.arguments = [url.absoluteString]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        do { try process.run() } catch { return false }
        return true
    }

    /// The first executable file called `name` in the colon-separated `path`.
    static func executable(named name: String, path: String) -> URL? {
        path.split(separator: ":").lazy.map { URL(fileURLWithPath: String($0)).appendingPathComponent(name) }
            .first { FileManager.default.isExecutableFile(atPath: $0.path) }
    }
}
