@testable import CourierTerminal
import Testing

@Suite("Colour degradation")
struct ColorMathTests {
    @Test("24-bit colours map to the nearest of the 256", arguments: [
        ((0, 0, 0), 16), ((255, 255, 255), 231), ((255, 0, 0), 196), ((0, 0, 255), 21),
        ((0x7a, 0xa2, 0xf7), 111), ((128, 128, 128), 244), ((18, 18, 18), 233),
    ])
    func indexed(rgb: (Int, Int, Int), index: Int) {
        #expect(ColorMath.indexed(r: UInt8(rgb.0), g: UInt8(rgb.1), b: UInt8(rgb.2)) == UInt8(index))
    }

    @Test("24-bit and 256 colours map to the nearest of the 16", arguments: [
        ((250, 10, 10), 9), ((0, 200, 0), 2), ((20, 20, 20), 0), ((250, 250, 250), 15), ((240, 240, 240), 7), ((0x7a, 0xa2, 0xf7), 12),
    ])
    func basic(rgb: (Int, Int, Int), index: Int) {
        #expect(ColorMath.basic(r: UInt8(rgb.0), g: UInt8(rgb.1), b: UInt8(rgb.2)) == UInt8(index))
    }

    @Test("Indexed colours keep the basic 16 and convert the cube and grey ramp")
    func fromIndexed() {
        #expect(ColorMath.basic(fromIndexed: 4) == 4)
        #expect(ColorMath.basic(fromIndexed: 196) == 9)
        #expect(ColorMath.rgb(ofIndexed: 232) == (8, 8, 8))
        #expect(ColorMath.rgb(ofIndexed: 21) == (0, 0, 255))
    }

    @Test("NO_COLOR and TERM=dumb turn colour off before ncurses is asked")
    func noColor() {
        #expect(!ColorSupport.wanted(environment: ["NO_COLOR": "1", "TERM": "xterm-256color"]))
        #expect(!ColorSupport.wanted(environment: ["TERM": "dumb"]))
    }
}

@Suite("Clipboard tools")
struct ClipboardToolTests {
    @Test("wl-copy with Wayland, xclip with X11, nothing without a display or tool")
    func toolChoice() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("courier-clip-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        for tool in ["wl-copy", "xclip"] {
            _ = FileManager.default.createFile(atPath: directory.appendingPathComponent(tool).path, contents: Data("#!/bin/sh\n".utf8),
                                           attributes: [.posixPermissions: 0o755])
        }
        #expect(Clipboard.tool(environment: ["PATH": directory.path, "WAYLAND_DISPLAY": "wayland-0"]) == ["wl-copy"])
        #expect(Clipboard.tool(environment: ["PATH": directory.path, "DISPLAY": ":0"]) == ["xclip", "-selection", "clipboard"])
        #expect(Clipboard.tool(environment: ["PATH": directory.path]) == nil)
        #expect(Clipboard.tool(environment: ["PATH": "/nonexistent", "DISPLAY": ":0"]) == nil)
    }
}

import Foundation
