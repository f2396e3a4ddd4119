import CourierTestSupport
import Foundation

/// Compiles Swift files against the `Courier` module these tests were built with: its interface
/// from the build's module folder and its objects (and CourierJSON's) linked in, so no package
/// build is needed and a test stays well under a minute.
enum SwiftCompilation {
    /// Builds an executable from `sources` at `output`.
    static func build(_ sources: [URL], into output: URL) async throws -> ProcessResult {
        let products = Processes.productsDirectory
        var objects: [String] = []
        for module in ["Courier", "CourierJSON"] {
            let folder = products.appendingPathComponent("\(module).build")
            let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".o") }.sorted()
            objects += names.map { folder.appendingPathComponent($0).path }
        }
        let arguments = ["swiftc", "-swift-version", "6", "-Onone", "-I", products.appendingPathComponent("Modules").path]
            + sources.map(\.path) + objects + ["-o", output.path]
        return try await Processes.run(arguments, timeout: 240)
    }
}
