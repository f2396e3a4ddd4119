import ArgumentParser
import Courier
import CourierCollections
import CourierUI
import Foundation

/// `courier cookies list`: the jar as a table, values masked.
struct CookiesList: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "list", abstract: "Show the cookies of a collection's jar, values masked.")

    @OptionGroup var jar: JarOptions
    @Flag(name: .long, help: "Print cookie values instead of ••••••.") var showSecrets = false

    func run() async throws {
        let (_, cookies) = try jar.cookies()
        guard !cookies.isEmpty else { return Output.error("No cookies are kept for \(jar.place).\n") }
        let table = CookieTable.text(cookies, revealed: showSecrets)
        // A server's control characters are shown as pictures, not obeyed by the terminal.
        Output.print(Output.stdoutIsTerminal ? ControlPictures.clean(table, layout: .text) : table)
    }
}

/// `courier cookies export`: the jar as a Netscape cookies.txt file.
struct CookiesExport: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "export",
                                                    abstract: "Write the jar as a Netscape cookies.txt file (curl -b FILE reads it).")

    @OptionGroup var jar: JarOptions
    @Option(name: .shortAndLong, help: "Write to FILE (mode 0600) instead of stdout.") var output: String?

    func run() async throws {
        let text = NetscapeCookieFile.text(of: try jar.cookies().1)
        guard let output else { return Output.write(Data(text.utf8)) }
        do {
            _ = try CollectionWriter.save(text, to: URL(fileURLWithPath: output), secret: true)
        } catch {
            throw CLIFailure.usage(error.description)
        }
    }
}

/// `courier cookies import`: a Netscape cookies.txt file into the jar.
struct CookiesImport: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import", abstract: "Add the cookies of a Netscape cookies.txt file to the jar.",
        discussion: "A cookie replaces the one with the same name, domain and path; expired ones are left out. Exit 1 when some lines could not be read.")

    @OptionGroup var jar: JarOptions
    @Argument(help: "The cookies.txt file (curl -c FILE writes one).") var file: String

    func run() async throws {
        guard let data = FileManager.default.contents(atPath: file) else { throw CLIFailure.usage("cannot read \(file)") }
        let (found, errors) = NetscapeCookieFile.cookies(in: String(decoding: data, as: UTF8.self))
        let (jarFile, kept) = try jar.cookies()
        let merged = CookieJar(cookies: kept)
        for cookie in found { merged.set(cookie) }
        try jar.save(merged.all, to: jarFile)
        for error in errors { Output.error("courier: \(file):\(error)\n") }
        let live = found.filter { !$0.isExpired() }.count
        Output.error("Imported \(live) cookie\(live == 1 ? "" : "s") into \(jar.place)\(found.count > live ? "; \(found.count - live) expired ones left out" : "").\n")
        if !errors.isEmpty { throw ExitCode(1) }
    }
}

/// `courier cookies clear`: empties the jar, or removes the cookies of one domain or name.
struct CookiesClear: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "clear", abstract: "Remove every cookie of the jar, or those --domain and --name pick.")

    @OptionGroup var jar: JarOptions
    @Option(name: .long, help: "Only cookies for this domain (a host or a domain cookie's domain).") var domain: String?
    @Option(name: .long, help: "Only cookies with this name.") var name: String?

    func run() async throws {
        let (file, cookies) = try jar.cookies()
        let domain = domain.map { ($0.hasPrefix(".") ? String($0.dropFirst()) : $0).lowercased() }
        let kept = cookies.filter { cookie in !((domain.map { cookie.domain == $0 } ?? true) && (name.map { cookie.name == $0 } ?? true)) }
        try jar.save(kept, to: file)
        let removed = cookies.count - kept.count
        Output.error("Removed \(removed) cookie\(removed == 1 ? "" : "s") from \(jar.place).\n")
    }
}
