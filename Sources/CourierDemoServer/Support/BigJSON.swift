import Dispatch
import NIOCore
import Synchronization

/// Deterministic large JSON documents for `/json/big`, cached by size because
/// generating 18 MB for every request would dominate a benchmark.
enum BigJSON {
    private static let cache = Mutex<[Int: ByteBuffer]>([:])

    static func document(bytes target: Int) async -> ByteBuffer {
        if let cached = cache.withLock({ $0[target] }) { return cached }
        // Generating tens of megabytes takes a while; doing it on a Dispatch queue keeps the
        // cooperative thread pool (and every other connection) free meanwhile.
        let document = await withCheckedContinuation { continuation in
            DispatchQueue.global().async { continuation.resume(returning: generate(bytes: target)) }
        }
        cache.withLock { cache in
            if cache.count > 4 { cache.removeAll() }
            cache[target] = document
        }
        return document
    }

    private static let cities = ["Zürich", "東京", "São Paulo", "Kraków", "Reykjavík", "Nairobi", "Montréal"]
    private static let words = ["alpha", "bravo", "charlie", "delta", "echo", "foxtrot", "golf", "hotel"]

    private static func generate(bytes target: Int) -> ByteBuffer {
        var out = ByteBuffer()
        out.reserveCapacity(target + 1024)
        out.writeString(#"{"data":{"items":["#)
        var index = 0
        while out.readableBytes < target - 64 || index == 0 {
            if index > 0 { out.writeString(",") }
            let tags = (0..<3).map { "\"\(words[(index + $0 * 3) % words.count])\"" }.joined(separator: ",")
            out.writeString("""
            {"id":\(index),"name":"Item \(index)","email":"user\(index)@example.com","active":\(index % 3 != 0),\
            "score":\(Double(index % 1000) / 8),"tags":[\(tags)],"address":{"city":"\(cities[index % cities.count])",\
            "zip":"\(10000 + index % 89999)"},"note":null,"bio":"Line one\\nline \\"two\\" of item \(index)"}
            """)
            index += 1
        }
        out.writeString(#"]},"meta":{"count":\#(index)}}"#)
        return out
    }
}
