import Courier
import Foundation

/// Moves a large body through Courier against the demo server and prints the time and the peak
/// memory of this process: `courier-transfer-bench URL download|upload|multipart BYTES`. Each kind
/// runs in a process of its own, since the peak (VmHWM) only ever grows.
struct BenchError: Error, CustomStringConvertible {
    let description: String
}

/// The process's peak resident memory in bytes, from /proc/self/status.
func peakResidentBytes() -> Int64 {
    guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
          let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }),
          let kilobytes = Int64(line.split(separator: " ").dropFirst().first ?? "") else { return -1 }
    return kilobytes * 1024
}

/// Writes `bytes` of a repeating pattern to a new file, 1 MiB at a time.
func makeFile(bytes: Int64) throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("courier-bench-\(UUID().uuidString).bin")
    guard FileManager.default.createFile(atPath: url.path, contents: nil), let file = FileHandle(forWritingAtPath: url.path) else {
        throw BenchError(description: "cannot create \(url.path)")
    }
    defer { try? file.close() }
    let chunk = Data((0..<(1 << 20)).map { UInt8(truncatingIfNeeded: $0 &* 31) })
    var written: Int64 = 0
    while written < bytes {
        let count = Int(min(Int64(chunk.count), bytes - written))
        try file.write(contentsOf: chunk.prefix(count))
        written += Int64(count)
    }
    return url
}

func run() async throws {
    let arguments = CommandLine.arguments
    guard arguments.count == 4, let base = URL(string: arguments[1]), let bytes = Int64(arguments[3]) else {
        throw BenchError(description: "usage: courier-transfer-bench URL download|upload|multipart BYTES")
    }
    let endpoint = Endpoint(baseUrl: base)
    let kind = arguments[2]
    var source: URL?
    defer { if let source { try? FileManager.default.removeItem(at: source) } }
    if kind != "download" { source = try makeFile(bytes: bytes) }
    let baseline = peakResidentBytes()
    let started = ContinuousClock.now
    let state: TransferState
    switch kind {
    case "download":
        let target = FileManager.default.temporaryDirectory.appendingPathComponent("courier-bench-download-\(UUID().uuidString).bin")
        defer { try? FileManager.default.removeItem(at: target) }
        let downloads = DownloadManager(endpoint: endpoint)
        state = await downloads.result(of: downloads.download(url: "bytes/\(bytes)", to: target))
    case "upload":
        let uploads = UploadManager(endpoint: endpoint)
        state = await uploads.result(of: uploads.upload(file: source ?? base, to: "sink", method: .put))
    case "multipart":
        let request = DefaultMultipartFormDataRequest<Data, String>(
            path: "sink", method: .post,
            files: [DefaultMultipartFile(resource: source ?? base, mime: .application(.octetStream), fileName: "big.bin")])
        let uploads = UploadManager(endpoint: endpoint)
        state = await uploads.result(of: uploads.upload(request))
    default:
        throw BenchError(description: "unknown kind \(kind): download, upload or multipart")
    }
    let elapsed = ContinuousClock.now - started
    let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
    guard case .completed = state else { throw BenchError(description: "\(kind) failed: \(state)") }
    let mib = Double(bytes) / Double(1 << 20)
    print(String(format: "%-9@ %7.0f MiB in %5.2f s (%6.0f MiB/s): peak RSS %5.1f MiB (%.1f MiB before the transfer; target < 64 MiB)",
                 kind as NSString, mib, seconds, mib / seconds, Double(peakResidentBytes()) / Double(1 << 20), Double(baseline) / Double(1 << 20)))
}

do {
    try await run()
} catch {
    FileHandle.standardError.write(Data("courier-transfer-bench: \(error)\n".utf8))
    exit(1)
}
