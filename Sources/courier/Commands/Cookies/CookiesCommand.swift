import ArgumentParser
import Courier
import CourierCollections
import Foundation

/// `courier cookies list|export|import|clear`: the cookie jar of a collection in an environment.
struct CookiesCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "cookies",
        abstract: "List, export, import or clear the cookies a collection keeps per environment.",
        discussion: """
        `courier run`, `courier test` and the explorer keep the cookies responses set in a jar per collection \
        and environment, under $XDG_STATE_HOME/courier/, and send them back by RFC 6265's rules (domain, path, \
        Secure, expiry). Export and import use curl's Netscape cookies.txt format (curl -b FILE / -c FILE). \
        Cookie values are secrets: list masks them unless --show-secrets.

        Exit codes: 0 success · 1 import: some lines could not be read (listed on stderr, the others \
        imported) · 2 usage, an unknown collection or environment, an unreadable file.
        """,
        subcommands: [CookiesList.self, CookiesExport.self, CookiesImport.self, CookiesClear.self]
    )
}

/// The collection and environment whose jar a `cookies` subcommand works on.
struct JarOptions: ParsableArguments {
    @OptionGroup var collections: CollectionOptions
    @Argument(help: "The collection (a folder of the collections directory, such as Demo); a request id names its collection.")
    var collection: String
    @Option(name: .long, help: "The environment; none when omitted, as for courier run.") var env: String?

    /// The jar's file, once the collection and environment are known to exist.
    func file() throws -> CookieJarFile {
        guard let name = collection.split(separator: "/").first.map(String.init), !name.isEmpty else {
            throw CLIFailure.usage("name a collection, such as Demo")
        }
        let root = collections.directory.appendingPathComponent(name)
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: root.path, isDirectory: &isFolder), isFolder.boolValue else {
            let known = ((try? FileManager.default.contentsOfDirectory(atPath: collections.directory.path)) ?? []).filter { !$0.hasPrefix(".") }.sorted()
            throw CLIFailure.usage("no collection '\(name)' in \(collections.directory.path)" + (known.isEmpty ? "" : "; known: \(known.joined(separator: ", "))"))
        }
        do {
            _ = try EnvironmentValues.selected(env, collectionRoot: root)
        } catch {
            throw CLIFailure.collection(error.description)
        }
        return CookieJarFile(collectionRoot: root, environment: env, processEnvironment: ProcessInfo.processInfo.environment)
    }

    /// The jar's cookies, refusing an unreadable file rather than taking it for an empty jar.
    func cookies() throws -> (CookieJarFile, [Cookie]) {
        let file = try file()
        do {
            return (file, try file.load())
        } catch {
            throw CLIFailure.usage(error.description)
        }
    }

    /// Writes the jar back, a failure as a sentence.
    func save(_ cookies: [Cookie], to file: CookieJarFile) throws {
        do {
            try file.save(cookies)
        } catch {
            throw CLIFailure.usage(error.description)
        }
    }

    /// "Demo (environment local)" or "Demo (no environment)", for messages.
    var place: String {
        "\(collection.split(separator: "/").first.map(String.init) ?? collection) (\(env.map { "environment \($0)" } ?? "no environment"))"
    }
}
