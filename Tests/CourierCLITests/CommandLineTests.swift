import CourierTestSupport
import Foundation
import Testing

/// The command line's own contract: `--version`, completion scripts, usage errors and `check`'s exit
/// codes as README's table says, and `--theme` naming the themes there are.
@Suite("Command line")
struct CommandLineTests {
    private let courier = CourierUnderTest.executable

    @Test("--version prints the version and exits 0")
    func version() async throws {
        let result = try await Processes.run([courier, "--version"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdoutText.split(separator: ".").count == 3, "\(result.stdoutText)")
    }

    @Test("--generate-completion-script writes a script for each shell README names", arguments: ["bash", "zsh", "fish"])
    func completion(shell: String) async throws {
        let result = try await Processes.run([courier, "--generate-completion-script", shell])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdoutText.contains("courier"))
    }

    @Test("Usage errors exit 2, not ArgumentParser's 64", arguments: [
        ["check", "--no-such-option"], ["run"], ["list", "--collections"], ["frobnicate"],
    ])
    func usage(arguments: [String]) async throws {
        let result = try await Processes.run([courier] + arguments)
        #expect(result.status == 2, "\(arguments): \(result.stderr)")
        #expect(!result.stderr.isEmpty)
    }

    @Test("check exits 0 with only warnings and 1 with an error")
    func checkWarningsAndErrors() async throws {
        let directory = try TemporaryDirectory()
        try directory.write("API/collection.yaml", "baseUrl: http://localhost:1\n")
        try directory.write("API/noted.yaml", "path: fine\nx-owner: team-a\n")
        let warned = try await Processes.run([courier, "check", "--collections", directory.url.path])
        #expect(warned.status == 0, "\(warned.stdoutText)\(warned.stderr)")
        #expect(warned.stdoutText.contains("warning"))
        try directory.write("API/broken.yaml", "path: x\ntimeout: soon\n")
        let failed = try await Processes.run([courier, "check", "--collections", directory.url.path])
        #expect(failed.status == 1, "\(failed.stdoutText)\(failed.stderr)")
    }

    @Test("--theme with a name found nowhere exits 2 and lists the available themes, from any folder")
    func unknownTheme() async throws {
        let config = try TemporaryDirectory()
        try config.write("courier/themes/dusk.yaml", "styles:\n  border: red\n")
        let elsewhere = try TemporaryDirectory()
        let result = try await Processes.run([courier, "--theme", "nope", "--collections", elsewhere.url.appendingPathComponent("Collections").path],
                                             environment: ["XDG_CONFIG_HOME": config.url.path])
        #expect(result.status == 2, "\(result.stderr)")
        #expect(result.stderr.contains("no theme 'nope'; available: default, dusk, high-contrast, light, monochrome, solarized-dark"), "\(result.stderr)")
    }
}
