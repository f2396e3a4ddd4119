import ArgumentParser
import CourierCollections
import Foundation

/// `--no-cookies`, shared by the commands that send requests.
struct CookieOptions: ParsableArguments {
    @Flag(name: .long, help: "Start from an empty cookie jar and save nothing to it; cookies set during the run still reach its later requests.")
    var noCookies = false

    /// The jars requests use: the workspace's, kept in the state folder, or with `--no-cookies`
    /// jars of this run alone.
    func jars(_ workspace: Workspace) -> CookieJars {
        noCookies ? CookieJars(processEnvironment: workspace.cookies.processEnvironment, persistent: false) { _ in } : workspace.cookies
    }
}
