import AsyncHTTPClient
import Courier
import CourierAsyncHTTPClient
import Foundation
import NIOCore
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

// Loopback throughput: Courier against raw URLSession and raw AsyncHTTPClient in the same run, same server, same decoding.
// Usage: courier-bench URL [--requests N] [--concurrency C] [--rounds R]

struct User: Decodable, ResponseObject { let id: Int; let name: String; let email: String }
struct Envelope: Decodable, ResponseObject { let data: User }

struct Options {
    var url: URL
    var requests = 1000
    var concurrency = 32
    var rounds = 10
    /// Runs the clients whose name contains this alone ("raw", "courier", "ahc"), for profilers.
    var only: String?

    init(arguments: [String]) throws {
        var remaining = arguments.dropFirst()
        guard let first = remaining.popFirst(), let url = URL(string: first) else {
            throw BenchError("usage: courier-bench URL [--requests N] [--concurrency C] [--rounds R] [--only raw|courier|ahc]")
        }
        self.url = url
        while let flag = remaining.popFirst() {
            if flag == "--only" {
                only = remaining.popFirst()
                continue
            }
            guard let value = remaining.popFirst().flatMap(Int.init), value > 0 else { throw BenchError("\(flag) needs a positive number") }
            switch flag {
            case "--requests": requests = value
            case "--concurrency": concurrency = value
            case "--rounds": rounds = value
            default: throw BenchError("unknown option \(flag)")
            }
        }
    }
}

struct BenchError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

/// One way of fetching `/users/{n}` and decoding it.
struct Client: Sendable {
    let name: String
    let fetch: @Sendable (Int) async throws -> Void
}

func rawClient(base: URL) -> Client {
    // The same cache settings Courier's session uses, so the comparison measures the library, not caching.
    let configuration = URLSessionConfiguration.default
    configuration.urlCache = nil
    configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
    let session = URLSession(configuration: configuration)
    let decoder = JSONDecoder()
    return Client(name: "raw URLSession") { index in
        let (data, response) = try await session.data(from: base.appendingPathComponent("users/\(index % 12 + 1)"))
        guard (response as? HTTPURLResponse)?.statusCode == 200 else { throw BenchError("unexpected response \(response)") }
        _ = try decoder.decode(Envelope.self, from: data)
    }
}

/// AsyncHTTPClient alone, with its default configuration on the same shared event loops: what Courier over
/// AsyncHTTPClient is measured against, next to raw URLSession.
func rawAHCClient(base: URL, client: HTTPClient) -> Client {
    let decoder = JSONDecoder()
    return Client(name: "raw AHC") { index in
        let response = try await client.execute(HTTPClientRequest(url: base.appendingPathComponent("users/\(index % 12 + 1)").absoluteString),
                                                timeout: .seconds(30))
        guard response.status == .ok else { throw BenchError("unexpected response \(response.status)") }
        let body = try await response.body.collect(upTo: 1 << 20)
        _ = try decoder.decode(Envelope.self, from: Data(body.readableBytesView))
    }
}

/// AsyncHTTPClient alone with the settings `AsyncHTTPClientTransport` gives its clients (decompression,
/// connect and read timeouts, redirects left to the caller): Courier's own cost is the gap to this one.
func configuredAHCClient(base: URL, client: HTTPClient) -> Client {
    let plain = rawAHCClient(base: base, client: client)
    return Client(name: "raw AHC, transport's settings", fetch: plain.fetch)
}

func courierAHCClient(base: URL, transport: AsyncHTTPClientTransport) -> Client {
    let endpoint = Endpoint(baseUrl: base, retryingCount: 0, transport: transport)
    return Client(name: "Courier over AHC") { index in
        _ = try await DefaultRequest<Envelope, String>(path: "users/\(index % 12 + 1)", method: .get).asyncExecute(on: endpoint)
    }
}

func courierClient(base: URL) -> Client {
    let endpoint = Endpoint(baseUrl: base, retryingCount: 0)
    return Client(name: "Courier") { index in
        _ = try await DefaultRequest<Envelope, String>(path: "users/\(index % 12 + 1)", method: .get).asyncExecute(on: endpoint)
    }
}

/// Wall time and process CPU time of `count` fetches with at most `concurrency` in flight.
struct Sample {
    var requests = 0
    var seconds = 0.0
    var cpuSeconds = 0.0

    var requestsPerSecond: Double { Double(requests) / seconds }
    var cpuMicrosecondsPerRequest: Double { cpuSeconds * 1e6 / Double(requests) }

    static func + (lhs: Sample, rhs: Sample) -> Sample {
        Sample(requests: lhs.requests + rhs.requests, seconds: lhs.seconds + rhs.seconds, cpuSeconds: lhs.cpuSeconds + rhs.cpuSeconds)
    }
}

func processCPUSeconds() -> Double {
    var usage = rusage()
    getrusage(RUSAGE_SELF.rawValue, &usage)
    return Double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) + Double(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e6
}

func measure(_ client: Client, count: Int, concurrency: Int) async throws -> Sample {
    let started = ContinuousClock.now
    let cpuStarted = processCPUSeconds()
    try await withThrowingTaskGroup(of: Void.self) { group in
        var next = 0
        while next < min(concurrency, count) {
            let index = next
            group.addTask { try await client.fetch(index) }
            next += 1
        }
        while try await group.next() != nil {
            if next < count {
                let index = next
                group.addTask { try await client.fetch(index) }
                next += 1
            }
        }
    }
    let elapsed = ContinuousClock.now - started
    return Sample(requests: count, seconds: Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18,
                  cpuSeconds: processCPUSeconds() - cpuStarted)
}

func run() async throws {
    let options = try Options(arguments: CommandLine.arguments)
    let ahc = AsyncHTTPClientTransport()
    let rawAHC = HTTPClient(eventLoopGroup: HTTPClient.defaultEventLoopGroup)
    let configuredAHC = HTTPClient(eventLoopGroup: HTTPClient.defaultEventLoopGroup,
                                   configuration: AsyncHTTPClientTransport.configuration(tlsConfiguration: nil, maximumBodySize: nil))
    defer { Task { try? await ahc.shutdown(); try? await rawAHC.shutdown(); try? await configuredAHC.shutdown() } }
    let clients = [rawClient(base: options.url), courierClient(base: options.url), courierAHCClient(base: options.url, transport: ahc),
                   rawAHCClient(base: options.url, client: rawAHC), configuredAHCClient(base: options.url, client: configuredAHC)]
        .filter { client in options.only.map { client.name.lowercased().contains($0.lowercased()) } ?? true }
    for client in clients { _ = try await measure(client, count: 200, concurrency: 8) }  // warm up connections and caches

    print("Loopback GET /users/{id} + JSON decoding: \(options.requests) requests per mode and client, run in")
    print("\(options.rounds) interleaved batches so drift on the machine hits both clients alike.")
    print(String(repeating: "-", count: 186))
    print(["mode", "raw req/s", "Courier req/s", "ratio", "AHC req/s", "ratio", "raw AHC req/s", "AHC / raw AHC",
           "raw µs CPU", "Courier µs CPU", "ratio"]
        .enumerated().map { $0.element.padding(toLength: $0.offset == 0 ? 16 : 15, withPad: " ", startingAt: 0) }.joined(separator: " "))
    for (mode, concurrency) in [("sequential", 1), ("\(options.concurrency) concurrent", options.concurrency)] {
        var totals: [String: Sample] = [:]
        let batch = max(1, options.requests / options.rounds)
        for round in 0..<options.rounds {
            for client in round % 2 == 0 ? clients : clients.reversed() {
                totals[client.name] = (totals[client.name] ?? Sample()) + (try await measure(client, count: batch, concurrency: concurrency))
            }
        }
        if options.only != nil {
            for client in clients {
                let sample = totals[client.name] ?? Sample()
                print("\(mode) \(client.name): \(String(format: "%.0f req/s, %.1f CPU µs/req", sample.requestsPerSecond, sample.cpuMicrosecondsPerRequest))")
            }
            continue
        }
        let raw = totals["raw URLSession"] ?? Sample()
        let courier = totals["Courier"] ?? Sample()
        let overAHC = totals["Courier over AHC"] ?? Sample()
        let plainAHC = totals["raw AHC"] ?? Sample()
        let cells = [
            mode,
            String(format: "%.0f", raw.requestsPerSecond), String(format: "%.0f", courier.requestsPerSecond),
            String(format: "%.3f", courier.requestsPerSecond / raw.requestsPerSecond),
            String(format: "%.0f", overAHC.requestsPerSecond), String(format: "%.3f", overAHC.requestsPerSecond / raw.requestsPerSecond),
            String(format: "%.0f", plainAHC.requestsPerSecond), String(format: "%.3f", overAHC.requestsPerSecond / plainAHC.requestsPerSecond),
            String(format: "%.1f", raw.cpuMicrosecondsPerRequest), String(format: "%.1f", courier.cpuMicrosecondsPerRequest),
            String(format: "%.3f", courier.cpuMicrosecondsPerRequest / raw.cpuMicrosecondsPerRequest),
        ]
        print(cells.enumerated().map { $0.element.padding(toLength: $0.offset == 0 ? 16 : 15, withPad: " ", startingAt: 0) }.joined(separator: " "))
        let configured = totals["raw AHC, transport's settings"] ?? Sample()
        print("  " + clients.map { client in
            let sample = totals[client.name] ?? Sample()
            return "\(client.name) \(String(format: "%.0f req/s %.1f µs CPU", sample.requestsPerSecond, sample.cpuMicrosecondsPerRequest))"
        }.joined(separator: "; ") + String(format: "; AHC / raw AHC with the transport's settings %.3f", overAHC.requestsPerSecond / configured.requestsPerSecond))
    }
    print("ratio: Courier (over URLSession, then over AsyncHTTPClient) / raw URLSession; for Courier over URLSession,")
    print("throughput above 0.95 and CPU below 1.05 meet the goal. AHC / raw AHC: Courier over AsyncHTTPClient against")
    print("AsyncHTTPClient alone (goal: at least 0.90 at 32 in flight). The indented lines give every client's")
    print("throughput and process CPU per request, and Courier over AsyncHTTPClient against AsyncHTTPClient with the")
    print("settings the transport gives its clients (decompression, timeouts, redirects left to Courier).")
}

do {
    try await run()
} catch {
    FileHandle.standardError.write(Data("courier-bench: \(error)\n".utf8))
    exit(1)
}
