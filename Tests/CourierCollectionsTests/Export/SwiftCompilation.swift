import CourierTestSupport
import Foundation

/// Compiles Swift files against the `Courier` module these tests were built with: its interface
/// from the build's module folder and its objects (and CourierJSON's, and its C stage one's) linked in, so no package
/// build is needed and a test stays well under a minute.
enum SwiftCompilation {
    /// Builds an executable from `sources` at `output`.
    static func build(_ sources: [URL], into output: URL) async throws -> ProcessResult {
        let products = Processes.productsDirectory
        var objects: [String] = []
        for module in ["Courier", "CourierJSON"] {
            // The objects of the module's current sources, as the build's file map names them: the folder
            // may also hold objects of files since renamed or removed, which would be linked twice.
            let map = products.appendingPathComponent("\(module).build/output-file-map.json")
            let entries = try JSONSerialization.jsonObject(with: Data(contentsOf: map)) as? [String: [String: String]] ?? [:]
            objects += entries.values.compactMap { $0["object"] }.sorted()
        }
        // CourierJSON's stage one in C (CJSONBlocks): its module map for the import, its object for the link.
        let blocks = products.appendingPathComponent("CJSONBlocks.build")
        let arguments = ["swiftc", "-swift-version", "6", "-Onone", "-I", products.appendingPathComponent("Modules").path,
                         "-Xcc", "-fmodule-map-file=" + blocks.appendingPathComponent("module.modulemap").path]
            + sources.map(\.path) + objects + [blocks.appendingPathComponent("CJSONBlocks.c.o").path, "-o", output.path]
        return try await Processes.run(arguments, timeout: 240)
    }
}
