import Foundation

/// Runs a command to completion and captures its output, with a deadline so a stuck child cannot hang the suite.
public struct ProcessResult: Sendable {
    public let status: Int32
    public let stdout: Data
    public let stderr: String

    public var stdoutText: String { String(decoding: stdout, as: UTF8.self) }
}

public enum Processes {
    /// Runs `arguments` (looked up on PATH via `/usr/bin/env`) through a shell-free exec.
    /// - Parameters:
    ///   - arguments: The program and its arguments.
    ///   - timeout: Seconds before the child is killed.
    public static func run(_ arguments: [String], input: Data? = nil, timeout: TimeInterval = 30) throws -> ProcessResult {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = arguments
        let out = Pipe()
        let err = Pipe()
        let inPipe = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = inPipe
        try process.run()
        if let input { inPipe.fileHandleForWriting.write(input) }
        try inPipe.fileHandleForWriting.close()
        let deadline = DispatchTime.now() + timeout
        let timer = DispatchSource.makeTimerSource()
        timer.schedule(deadline: deadline)
        timer.setEventHandler { if process.isRunning { process.terminate() } }
        timer.resume()
        let stdout = out.fileHandleForReading.readDataToEndOfFile()
        let stderr = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        timer.cancel()
        return ProcessResult(status: process.terminationStatus, stdout: stdout, stderr: String(decoding: stderr, as: UTF8.self))
    }

    /// Runs a command line through `/bin/sh -c`, the way a user pastes it into a shell.
    public static func shell(_ command: String, timeout: TimeInterval = 30) throws -> ProcessResult {
        try run(["sh", "-c", command], timeout: timeout)
    }

    /// The directory holding the built products (`courier`, the test bundle).
    public static var productsDirectory: URL {
        let candidates = [CommandLine.arguments.first.map { URL(fileURLWithPath: $0).deletingLastPathComponent() }]
            + Bundle.allBundles.map { Optional($0.bundleURL.deletingLastPathComponent()) }
        for case let directory? in candidates where FileManager.default.fileExists(atPath: directory.appendingPathComponent("courier").path) {
            return directory
        }
        return URL(fileURLWithPath: FileManager.default.currentDirectoryPath).appendingPathComponent(".build/debug")
    }
}
