// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "Courier",
    platforms: [.macOS(.v15)],
    products: [
        .library(name: "Courier", targets: ["Courier"]),
        .library(name: "CourierJSON", targets: ["CourierJSON"]),
        .library(name: "CourierDemoServer", targets: ["CourierDemoServer"]),
        .library(name: "CourierCollections", targets: ["CourierCollections"]),
        .library(name: "CourierUI", targets: ["CourierUI"]),
        .library(name: "CourierAuth", targets: ["CourierAuth"]),
        .library(name: "CourierLogging", targets: ["CourierLogging"]),
        .library(name: "CourierAsyncHTTPClient", targets: ["CourierAsyncHTTPClient"]),
        .library(name: "CourierExplorer", targets: ["CourierExplorer"]),
        .library(name: "CourierSONetworking", targets: ["CourierSONetworking"]),
        .library(name: "CourierSTRVNetworking", targets: ["CourierSTRVNetworking"]),
        .library(name: "CourierJustNetworking", targets: ["CourierJustNetworking"]),
        .executable(name: "courier", targets: ["courier"]),
        // The properties Fuzz/ feeds to libFuzzer; a product so that package can depend on it.
        .library(name: "CourierFuzzing", targets: ["CourierFuzzing"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/jpsim/Yams", from: "6.2.2"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        .package(url: "https://github.com/swift-server/async-http-client", from: "1.37.0"),
        .package(url: "https://github.com/apple/swift-nio-ssl.git", from: "2.37.6"),
        // `swift package generate-documentation`: builds the DocC catalogs (docs only, links into no product).
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"),
        .package(url: "https://github.com/apple/swift-nio-extras.git", from: "1.35.2"),
        .package(url: "https://github.com/apple/swift-crypto", from: "3.12.3"),
        // The demo server's TLS listeners sign their certificates at start-up (X.509 with swift-crypto keys).
        .package(url: "https://github.com/apple/swift-certificates", from: "1.21.1"),
        // ASN.1 values the certificates' fields need (the IP address in subjectAltName).
        .package(url: "https://github.com/apple/swift-asn1", from: "1.7.4"),
        // Persisted response History (SQLite): a mature, Sendable-ready SQLite layer, so the store is a few queries.
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
    ],
    targets: [
        // Stage one of the two-stage JSON indexer in C: SSE2's movemask turns 16 byte comparisons
        // into a bitmask in one instruction, which Swift cannot express (portable fallback elsewhere).
        .target(name: "CJSONBlocks"),
        .target(name: "CourierJSON", dependencies: ["CJSONBlocks"]),
        .target(name: "Courier", dependencies: ["CourierJSON"]),
        .target(name: "CourierAuth", dependencies: ["Courier", .product(name: "Crypto", package: "swift-crypto")]),
        .target(
            name: "CourierCollections",
            dependencies: ["Courier", "CourierAuth", "CourierJSON", .product(name: "Yams", package: "Yams")]
        ),
        // The explorer as pure Swift: no ncurses, no IO.
        .target(name: "CourierAsyncHTTPClient", dependencies: [
            "Courier", .product(name: "AsyncHTTPClient", package: "async-http-client"),
            .product(name: "NIOCore", package: "swift-nio"), .product(name: "NIOHTTP1", package: "swift-nio"),
            .product(name: "NIOPosix", package: "swift-nio"), .product(name: "NIOSSL", package: "swift-nio-ssl"),
            .product(name: "NIOHTTPCompression", package: "swift-nio-extras"),
        ]),
        // Seed 003's and 004's APIs under their own names, over Courier's pipeline.
        .target(name: "CourierSTRVNetworking", dependencies: ["Courier"]),
        .target(name: "CourierJustNetworking", dependencies: ["Courier"]),
        .target(name: "CourierLogging", dependencies: ["Courier", .product(name: "Logging", package: "swift-log")]),
        // Seed 001's API (SONetworking) over Courier's pipeline; its names collide with Courier's, so it is a module of its own.
        .target(name: "CourierSONetworking", dependencies: ["Courier", .product(name: "Logging", package: "swift-log")]),
        // Persisted response History in SQLite; its own module so the CLI can read it too.
        .target(name: "CourierHistory", dependencies: ["Courier", "CourierCollections", .product(name: "GRDB", package: "GRDB.swift")]),
        .target(name: "CourierUI", dependencies: ["Courier", "CourierCollections", "CourierJSON", .product(name: "Yams", package: "Yams")]),
        .systemLibrary(name: "CNcurses", path: "Sources/CNcurses"),
        // The only module that imports ncurses.
        .target(name: "CourierTerminal", dependencies: ["CourierUI", "CNcurses"]),
        // The explorer's runtime: event loop and effects over a terminal-backend protocol.
        .target(name: "CourierExplorer", dependencies: ["Courier", "CourierCollections", "CourierHistory", "CourierUI", "CourierTerminal"]),
        .systemLibrary(name: "CZlib", path: "Sources/CZlib"),
        .target(
            name: "CourierDemoServer",
            dependencies: [
                "CZlib",
                // Checks Digest responses (MD5, SHA-256) and AWS signatures on its own, without CourierAuth.
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                // TLS listeners (one asking for a client certificate) with certificates made at start-up.
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
                .product(name: "X509", package: "swift-certificates"),
                .product(name: "SwiftASN1", package: "swift-asn1"),
            ]
        ),
        .executableTarget(
            name: "courier",
            dependencies: [
                "Courier",
                "CourierAsyncHTTPClient",
                "CourierCollections",
                "CourierDemoServer",
                "CourierExplorer",
                "CourierHistory",
                "CourierTerminal",
                "CourierUI",
                "CourierJSON",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .target(name: "CourierFuzzing", dependencies: ["Courier", "CourierCollections", "CourierJSON"]),
        // Benchmarks; run through bench/run, not part of the tests.
        .executableTarget(name: "courier-bench", dependencies: [
            "Courier", "CourierAsyncHTTPClient", .product(name: "AsyncHTTPClient", package: "async-http-client"),
            .product(name: "NIOCore", package: "swift-nio"),
        ], path: "bench/CourierBench"),
        .executableTarget(name: "courier-ui-bench", dependencies: ["CourierUI"], path: "bench/UIBench"),
        .executableTarget(name: "courier-transfer-bench", dependencies: ["Courier"], path: "bench/TransferBench"),
        .executableTarget(name: "courier-json-bench", dependencies: ["CourierJSON", "CourierUI"], path: "bench/JSONBench"),
        // Shared test helpers; not a product.
        .systemLibrary(name: "CPseudoTerminal", path: "Sources/CPseudoTerminal"),
        // Linked into the test process only: bounds how many tests run at once (see its source).
        .target(name: "CTestParallelism", path: "Sources/CTestParallelism"),
        .target(name: "CourierTestSupport", dependencies: [
            "Courier", "CourierDemoServer", "CourierExplorer", "CourierTerminal", "CourierUI", "CPseudoTerminal", "CTestParallelism",
        ], path: "Sources/CourierTestSupport"),
        .testTarget(name: "CourierJSONTests", dependencies: ["CourierJSON", "CourierTestSupport"]),
        .testTarget(name: "CourierFuzzingTests", dependencies: ["CourierFuzzing", "CourierTestSupport"]),
        .testTarget(name: "CourierLoggingTests", dependencies: [
            "Courier", "CourierLogging", "CourierTestSupport", .product(name: "Logging", package: "swift-log"),
        ]),
        .testTarget(name: "CourierDemoServerTests", dependencies: ["CourierDemoServer", "CourierTestSupport"]),
        .testTarget(name: "CourierTests", dependencies: [
            "Courier", "CourierAsyncHTTPClient", "CourierAuth", "CourierDemoServer", "CourierTestSupport",
            .product(name: "AsyncHTTPClient", package: "async-http-client"), .product(name: "NIOCore", package: "swift-nio"),
            .product(name: "NIOHTTP1", package: "swift-nio"), .product(name: "NIOSSL", package: "swift-nio-ssl"),
        ]),
        .testTarget(
            name: "CourierCollectionsTests",
            dependencies: ["Courier", "CourierAuth", "CourierCollections", "CourierDemoServer", "CourierTestSupport"],
            exclude: ["Fixtures"]
        ),
        .testTarget(name: "CourierHistoryTests", dependencies: [
            "Courier", "CourierCollections", "CourierHistory", "CourierTestSupport", .product(name: "GRDBSQLite", package: "GRDB.swift"),
        ]),
        .testTarget(name: "CourierAuthTests", dependencies: [
            "Courier", "CourierAuth", "CourierAsyncHTTPClient", "CourierDemoServer", "CourierTestSupport",
        ], exclude: ["Fixtures"]),
        .testTarget(name: "CourierTerminalTests", dependencies: ["CourierTerminal"]),
        .testTarget(name: "CourierSONetworkingTests", dependencies: [
            "Courier", "CourierAsyncHTTPClient", "CourierDemoServer", "CourierSONetworking", "CourierTestSupport",
            .product(name: "Logging", package: "swift-log"),
        ]),
        .testTarget(name: "CourierSTRVNetworkingTests", dependencies: ["Courier", "CourierSTRVNetworking", "CourierDemoServer", "CourierTestSupport"]),
        .testTarget(name: "CourierJustNetworkingTests", dependencies: ["Courier", "CourierJustNetworking", "CourierDemoServer", "CourierTestSupport"]),
        .testTarget(name: "CourierUITests", dependencies: [
            "Courier", "CourierCollections", "CourierJSON", "CourierUI", "CourierTestSupport",
        ], exclude: ["Snapshots"]),
        .testTarget(name: "CourierCLITests", dependencies: [
            "courier", "Courier", "CourierCollections", "CourierDemoServer", "CourierHistory", "CourierTestSupport",
        ]),
        .testTarget(name: "CourierExplorerTests", dependencies: [
            "CourierAsyncHTTPClient", "CourierCollections", "CourierExplorer", "CourierHistory", "CourierUI", "CourierTestSupport",
        ]),
    ],
    swiftLanguageModes: [.v6]
)
