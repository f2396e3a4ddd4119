import CZlib
import Foundation

/// gzip compression through the system zlib.
enum Gzip {
    /// The gzip encoding of `data`, or nil if zlib reports an error.
    static func compress(_ data: Data) -> Data? {
        var stream = z_stream()
        // windowBits 15 + 16 asks zlib for a gzip header and trailer instead of a zlib one.
        guard deflateInit2_(&stream, Z_DEFAULT_COMPRESSION, Z_DEFLATED, 15 + 16, 8, Z_DEFAULT_STRATEGY,
                            zlibVersion(), Int32(MemoryLayout<z_stream>.size)) == Z_OK else { return nil }
        defer { deflateEnd(&stream) }
        var input = [UInt8](data)
        var output = [UInt8](repeating: 0, count: Int(deflateBound(&stream, UInt(input.count))) + 32)
        let status = input.withUnsafeMutableBufferPointer { inputBuffer in
            output.withUnsafeMutableBufferPointer { outputBuffer in
                stream.next_in = inputBuffer.baseAddress
                stream.avail_in = uInt(inputBuffer.count)
                stream.next_out = outputBuffer.baseAddress
                stream.avail_out = uInt(outputBuffer.count)
                return deflate(&stream, Z_FINISH)
            }
        }
        guard status == Z_STREAM_END else { return nil }
        return Data(output.prefix(Int(stream.total_out)))
    }
}

extension Gzip {
    /// The gzip encoding of `count` zero bytes, compressed a megabyte at a time so a gigabyte of
    /// zeros never sits in memory; nil if zlib reports an error.
    static func compressedZeros(count: Int) -> Data? {
        var stream = z_stream()
        guard deflateInit2_(&stream, Z_BEST_COMPRESSION, Z_DEFLATED, 15 + 16, 9, Z_DEFAULT_STRATEGY,
                            zlibVersion(), Int32(MemoryLayout<z_stream>.size)) == Z_OK else { return nil }
        defer { deflateEnd(&stream) }
        let zeros = [UInt8](repeating: 0, count: 1 << 20)
        var output = [UInt8](repeating: 0, count: 1 << 16)
        var result = Data()
        var remaining = count
        var status = Z_OK
        repeat {
            let size = min(remaining, zeros.count)
            remaining -= size
            let flush = remaining == 0 ? Z_FINISH : Z_NO_FLUSH
            zeros.withUnsafeBufferPointer { input in
                stream.next_in = UnsafeMutablePointer(mutating: input.baseAddress)
                stream.avail_in = uInt(size)
                repeat {
                    output.withUnsafeMutableBufferPointer { buffer in
                        stream.next_out = buffer.baseAddress
                        stream.avail_out = uInt(buffer.count)
                        status = deflate(&stream, flush)
                        // No room to make progress is not an error: the next round has room.
                        if status == Z_BUF_ERROR { status = Z_OK }
                        result.append(contentsOf: buffer.prefix(buffer.count - Int(stream.avail_out)))
                    }
                } while stream.avail_out == 0 && status == Z_OK
            }
            if status != Z_OK && status != Z_STREAM_END { return nil }
        } while remaining > 0
        return status == Z_STREAM_END ? result : nil
    }
}
