import Foundation

/// Paths of the checkout, for tests that read shipped files.
public enum Checkout {
    /// The package root, found from this source file's location.
    public static var root: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    }

    /// The shipped `Collections/` directory.
    public static var collections: URL { root.appendingPathComponent("Collections") }
}

/// A temporary directory of files for one test, removed when the test ends.
public final class TemporaryDirectory {
    public let url: URL

    public init() throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("courier-test-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(at: url) }

    /// Writes `text` to `path` below the directory, creating folders.
    @discardableResult
    public func write(_ path: String, _ text: String) throws -> URL {
        let file = url.appendingPathComponent(path)
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: file)
        return file
    }

    /// Copies a directory into this one.
    public func copy(_ source: URL, as name: String) throws -> URL {
        let target = url.appendingPathComponent(name)
        try FileManager.default.copyItem(at: source, to: target)
        return target
    }
}
