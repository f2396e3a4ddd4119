import Foundation

/// Gathers a response body that arrives chunk by chunk, for transports that read the network
/// themselves (AsyncHTTPClient): in memory up to the spooling threshold, then in a spool file
/// handed back mapped (`ResponseSpooling`), and stopped once it grows past the size limit.
package struct ResponseBodyCollector {
    private let spooling: ResponseSpooling?
    private let limit: Int?
    private let url: URL?
    private var memory = Data()
    private var file: ResponseSpoolFile?
    /// Bytes received so far.
    package private(set) var count = 0

    /// - Parameters:
    ///   - spooling: Where bodies past its threshold go; nil keeps every body in memory.
    ///   - limit: The largest body accepted, in bytes; nil for no limit.
    ///   - url: The request's URL, for errors.
    package init(spooling: ResponseSpooling?, limit: Int?, url: URL?) {
        self.spooling = spooling
        self.limit = limit
        self.url = url
    }

    /// Adds a chunk.
    /// - Throws: `.responseTooLarge` past the limit, or why the spool file failed; what was
    ///   collected is discarded either way.
    package mutating func append(_ data: Data) throws(TransportError) {
        count += data.count
        if let limit, count > limit {
            discard()
            throw TransportError.responseTooLarge(url: url, limit: limit)
        }
        if file == nil, let spooling, memory.count + data.count > spooling.threshold {
            do {
                file = try ResponseSpoolFile(in: spooling.directory)
            } catch {
                discard()
                throw TransportError(kind: .other, url: url, detail: error.detail)
            }
            file?.write(memory)
            memory = Data()
        }
        guard let file else {
            // Most bodies arrive in one chunk: the first is taken as it is, not copied again.
            if memory.isEmpty { memory = data } else { memory.append(data) }
            return
        }
        file.write(data)
        if let problem = file.problem {
            discard()
            throw TransportError(kind: .other, url: url, detail: problem)
        }
    }

    /// The whole body: the bytes in memory, or the spool file mapped (and already unlinked).
    package mutating func finish() throws(TransportError) -> Data {
        guard let spooled = file else { return memory }
        file = nil
        return try spooled.finish(request: url).get()
    }

    /// Drops what was collected and removes the spool file, if any (a failed transfer).
    package mutating func discard() {
        file?.discard()
        file = nil
        memory = Data()
    }
}
