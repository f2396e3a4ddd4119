import Foundation
import Synchronization

/// The process-wide base URL routers use unless they give their own `baseURL`.
///
/// ```swift
/// NetworkConfiguration.setCurrentURL(URL(string: "https://www.myApi.com")!)
/// ```
///
/// It is a global by the original's design; set it once at start-up (tests that change it run
/// one at a time).
public enum NetworkConfiguration {
    private static let url = Mutex<URL?>(nil)

    /// Sets the base URL every router uses unless it overrides `baseURL`.
    public static func setCurrentURL(_ url: URL) {
        self.url.withLock { $0 = url }
    }

    /// The base URL set with `setCurrentURL(_:)`, if any.
    public static var currentURL: URL? { url.withLock { $0 } }

    /// What a router's `baseURL` is before `setCurrentURL(_:)` was called: not an http URL, so
    /// sending fails with a sentence that names the fix instead of going anywhere.
    static var unsetURL: URL {
        URL(string: "unset:NetworkConfiguration.setCurrentURL") ?? URL(fileURLWithPath: "/")
    }
}
