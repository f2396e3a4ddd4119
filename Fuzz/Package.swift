// swift-tools-version: 6.0
import PackageDescription

// libFuzzer targets for courier, kept apart from the main package so that its `swift build` and
// `swift test` never see the fuzzing flags. Build and run them with `Fuzz/run` (see README.md).
let package = Package(
    name: "CourierFuzz",
    dependencies: [
        // Named, so the product below is found whatever the checkout's folder is called.
        .package(name: "Courier", path: ".."),
    ],
    targets: [
        .target(name: "CLibFuzzer"),
        .executableTarget(name: "courier-fuzz", dependencies: ["CLibFuzzer", .product(name: "CourierFuzzing", package: "Courier")]),
    ],
    swiftLanguageModes: [.v6]
)
