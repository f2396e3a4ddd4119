import Courier
import Foundation
import Synchronization

/// The cookie jars of a session (a `courier run`, the explorer): one per collection and
/// environment, loaded from its state folder on first use and written back after every change,
/// so the next request, and the next run, sends what the server set.
public final class CookieJars: Sendable {
    /// Where `XDG_STATE_HOME` and `HOME` are read.
    public let processEnvironment: [String: String]
    /// Whether jars are read from and written to the state folder; when not (`--no-cookies`),
    /// each starts empty and lives as long as the session.
    public let persistent: Bool
    private let report: @Sendable (String) -> Void
    private let jars = Mutex<[URL: CookieJar]>([:])

    /// - Parameters:
    ///   - processEnvironment: Where `XDG_STATE_HOME` and `HOME` are read.
    ///   - persistent: Whether jars are read from and written to the state folder.
    ///   - report: Shows a sentence when a jar cannot be read or written (stderr, the explorer's message area).
    public init(processEnvironment: [String: String], persistent: Bool = true, report: @escaping @Sendable (String) -> Void) {
        self.processEnvironment = processEnvironment
        self.persistent = persistent
        self.report = report
    }

    /// The jar of the collection at `collectionRoot` in `environment` (nil: none), the same one
    /// every time within the session.
    public func jar(collectionRoot: URL, environment: String?) -> CookieJar {
        let file = CookieJarFile(collectionRoot: collectionRoot, environment: environment, processEnvironment: processEnvironment)
        let report = self.report
        return jars.withLock { jars in
            if let jar = jars[file.url] { return jar }
            guard persistent else {
                let jar = CookieJar()
                jars[file.url] = jar
                return jar
            }
            var saved: [Cookie] = []
            do {
                saved = try file.load()
            } catch {
                report("\(error); it was kept as \(file.setAside().path) and a new jar started")
            }
            let jar = CookieJar(cookies: saved) { cookies in
                do {
                    try file.save(cookies)
                } catch {
                    report("cookies were not saved: \(error)")
                }
            }
            jars[file.url] = jar
            return jar
        }
    }
}

/// The jars a resolver gives its endpoints, and the environment its requests run in.
public struct CookieScope: Sendable {
    let jars: CookieJars
    let environment: String?

    /// - Parameters:
    ///   - jars: The session's jars.
    ///   - environment: The selected environment's name (cookies of one never reach another); nil for none.
    public init(jars: CookieJars, environment: String?) {
        self.jars = jars
        self.environment = environment
    }
}
