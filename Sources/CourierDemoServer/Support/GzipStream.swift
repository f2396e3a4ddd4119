import CZlib
import Foundation

/// gzip compression a piece at a time, for a body compressed while it is sent: a route that makes
/// gigabytes compresses a megabyte per write and stops when the client goes away, instead of
/// holding a thread of the concurrency pool for the whole body first.
final class GzipStream {
    /// Heap-allocated: zlib's state points back at its `z_stream`, which must not move.
    private let stream: UnsafeMutablePointer<z_stream>
    private var output = [UInt8](repeating: 0, count: 1 << 16)

    /// Nil if zlib cannot start a stream.
    init?() {
        stream = .allocate(capacity: 1)
        stream.initialize(to: z_stream())
        // The fastest level: a run of zeros compresses about a thousandfold all the same.
        // windowBits 15 + 16 asks for a gzip header and trailer.
        guard deflateInit2_(stream, Z_BEST_SPEED, Z_DEFLATED, 15 + 16, 8, Z_DEFAULT_STRATEGY,
                            zlibVersion(), Int32(MemoryLayout<z_stream>.size)) == Z_OK else { return nil }
    }

    deinit {
        deflateEnd(stream)
        stream.deinitialize(count: 1)
        stream.deallocate()
    }

    /// The compressed bytes `input` gives so far; with `finish`, the rest and the trailer too.
    /// Nil on a zlib error.
    func compress(_ input: [UInt8], finish: Bool) -> [UInt8]? {
        var compressed: [UInt8] = []
        var status = Z_OK
        input.withUnsafeBufferPointer { input in
            stream.pointee.next_in = UnsafeMutablePointer(mutating: input.baseAddress)
            stream.pointee.avail_in = uInt(input.count)
            repeat {
                output.withUnsafeMutableBufferPointer { buffer in
                    stream.pointee.next_out = buffer.baseAddress
                    stream.pointee.avail_out = uInt(buffer.count)
                    status = deflate(stream, finish ? Z_FINISH : Z_NO_FLUSH)
                    // No room to make progress is not an error: the next round has room.
                    if status == Z_BUF_ERROR { status = Z_OK }
                    compressed.append(contentsOf: buffer.prefix(buffer.count - Int(stream.pointee.avail_out)))
                }
            } while stream.pointee.avail_out == 0 && status == Z_OK
        }
        return status == Z_OK || status == Z_STREAM_END ? compressed : nil
    }
}
