import CPseudoTerminal
import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A pseudo-terminal the test owns, for what tmux cannot do: a program runs on its other end
/// (`path`), and `close()` takes the terminal away as a closed window does.
public final class PseudoTerminal {
    private var master: Int32
    /// The terminal device to give the program as its standard streams.
    public let path: String
    /// Everything the program wrote so far.
    public private(set) var output: [UInt8] = []

    public init() throws {
        master = posix_openpt(O_RDWR | O_NOCTTY)
        guard master >= 0, grantpt(master) == 0, unlockpt(master) == 0 else {
            throw TestSupportError("no pseudo-terminal: \(String(cString: strerror(errno)))")
        }
        var name = [CChar](repeating: 0, count: 128)
        guard ptsname_r(master, &name, UInt(name.count)) == 0 else { throw TestSupportError("no pseudo-terminal name") }
        path = String(decoding: name.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        _ = fcntl(master, F_SETFD, FD_CLOEXEC)
    }

    /// Reads what the program writes until `text` has appeared or `timeout` seconds pass.
    /// - Returns: Whether it appeared.
    @discardableResult
    public func read(until text: String, timeout: TimeInterval = 20) -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        var buffer = [UInt8](repeating: 0, count: 65536)
        while Date() < deadline {
            if String(decoding: output, as: UTF8.self).contains(text) { return true }
            var descriptor = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
            guard poll(&descriptor, 1, 50) > 0 else { continue }
            #if canImport(Darwin)
            let count = Darwin.read(master, &buffer, buffer.count)
            #else
            let count = Glibc.read(master, &buffer, buffer.count)
            #endif
            if count <= 0 { break }
            output += buffer.prefix(count)
        }
        return String(decoding: output, as: UTF8.self).contains(text)
    }

    /// Closes the terminal: reads on the program's side fail from now on.
    public func close() {
        guard master >= 0 else { return }
        #if canImport(Darwin)
        _ = Darwin.close(master)
        #else
        _ = Glibc.close(master)
        #endif
        master = -1
    }

    deinit { close() }
}
