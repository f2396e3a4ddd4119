import Courier
import CourierCollections
import CourierHistory
import CourierTestSupport
import Foundation
import Testing

@Suite("History store")
struct HistoryStoreTests {
    let state: TemporaryDirectory
    let folder: StateFolder

    init() throws {
        state = try TemporaryDirectory()
        folder = StateFolder(collectionRoot: URL(fileURLWithPath: "/work/Collections/Demo"), environment: "local",
                             processEnvironment: ["XDG_STATE_HOME": state.url.path])
    }

    func record(_ id: String = "Demo/users/list-users", status: Int = 200, body: String = #"{"ok":true}"#,
                headers: [(name: String, value: String)] = [("Content-Type", "application/json")]) -> HistoryRecord {
        HistoryRecord(requestID: id, status: status, reason: "OK", duration: 0.012, headers: headers, method: "GET",
                      url: "http://127.0.0.1/users", debugLines: ["request   GET http://127.0.0.1/users"], body: Data(body.utf8))
    }

    func mode(_ path: String) throws -> Int {
        try #require(FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int)
    }

    @Test("keeps a response in the state folder and reads it back in a new store")
    func keepsAndReadsBack() throws {
        let store = try HistoryStore(folder: folder)
        let (entry, pruned) = try store.record(record(), redactor: SecretRedactor())
        #expect(pruned.isEmpty)
        #expect(store.path.hasPrefix(state.url.path + "/courier/Demo-"))
        #expect(store.path.hasSuffix("/local/history.sqlite"))
        #expect(try mode(store.path) == 0o600)
        #expect(try mode(folder.url.path) == 0o700)

        let again = try HistoryStore(folder: folder)
        let entries = try again.entries(requestID: "Demo/users/list-users")
        #expect(entries == [entry])
        #expect(entries.first?.status == 200)
        #expect(entries.first?.headers == [HistoryHeader(name: "Content-Type", value: "application/json")])
        #expect(entries.first?.contentType == "application/json")
        #expect(entries.first?.body == .inline)
        #expect(try again.body(of: entry) == Data(#"{"ok":true}"#.utf8))
        #expect(try again.entries(requestID: "Demo/users/get-user").isEmpty)
    }

    @Test("keeps the last N responses of each request and removes the files of the others")
    func prunesToTheLimit() throws {
        let limits = HistoryLimits(enabled: true, keep: 3, inlineBody: 15, fileBody: 1_000_000)
        let store = try HistoryStore(folder: folder, limits: limits)
        var ids: [Int64] = []
        for index in 0..<5 {
            ids.append(try store.record(record(status: 200 + index, body: String(repeating: "x", count: 20)), redactor: SecretRedactor()).entry.id)
        }
        try store.record(record("Demo/users/get-user"), redactor: SecretRedactor())
        let kept = try store.entries(requestID: "Demo/users/list-users")
        #expect(kept.map(\.id) == Array(ids.suffix(3)))
        #expect(kept.map(\.status) == [202, 203, 204])
        #expect(try store.entries(requestID: "Demo/users/get-user").count == 1)
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.url.appendingPathComponent("history-bodies").path)
        #expect(Set(files) == Set(kept.compactMap { if case .file(let name) = $0.body { name } else { nil } }))
        #expect(files.count == 3)
    }

    @Test("keeps a large body by reference to a 0600 file, mapped when read, and drops one past max-file with its limit")
    func largeBodies() throws {
        let limits = HistoryLimits(enabled: true, keep: 20, inlineBody: 1000, fileBody: 3_000_000)
        let store = try HistoryStore(folder: folder, limits: limits)
        let big = String(repeating: "0123456789", count: 200_000)
        let entry = try store.record(record(body: big), redactor: SecretRedactor()).entry
        guard case .file(let name) = entry.body else {
            Issue.record("a 2 MB body should be kept as a file, not \(entry.body)")
            return
        }
        let file = folder.url.appendingPathComponent("history-bodies/\(name)").path
        #expect(try mode(file) == 0o600)
        #expect(try mode(folder.url.appendingPathComponent("history-bodies").path) == 0o700)
        #expect(try store.body(of: entry) == Data(big.utf8))
        #expect(entry.bodySize == 2_000_000)

        let huge = try store.record(record(body: big + big), redactor: SecretRedactor()).entry
        #expect(huge.body == .tooLarge(limit: 3_000_000))
        #expect(huge.bodySize == 4_000_000)
        #expect(try store.body(of: huge) == nil)

        try FileManager.default.removeItem(atPath: file)
        #expect(throws: HistoryUnavailable.self) { try store.body(of: entry) }
    }

    @Test("masks secrets in headers, the URL, the Debug lines and bodies, inline and in files")
    func masksSecrets() throws {
        let token = "s3cr3t-token-42"
        let redactor = SecretRedactor(secrets: [token])
        let store = try HistoryStore(folder: folder, limits: HistoryLimits(enabled: true, keep: 5, inlineBody: 100, fileBody: 10_000_000))
        var small = record(body: #"{"token":"\#(token)"}"#, headers: [("Set-Cookie", "session=abc123456"), ("X-Echo", token)])
        small.url = "http://127.0.0.1/users?api_key=\(token)&page=2"
        small.debugLines = ["  Authorization: Bearer \(token)"]
        small.failure = "refused for \(token)"
        let entry = try store.record(small, redactor: redactor).entry
        let bigBody = String(repeating: "padding ", count: 100) + token + String(repeating: " more", count: 50) + token
        let big = try store.record(record(body: bigBody), redactor: redactor).entry

        let read = try #require(try store.entries(requestID: "Demo/users/list-users").first)
        #expect(read.headers.map(\.value) == ["••••••", "••••••"])
        #expect(read.url == "http://127.0.0.1/users?api_key=••••••&page=2")
        #expect(read.debugLines == ["  Authorization: Bearer ••••••"])
        #expect(read.failure == "refused for ••••••")
        #expect(try store.body(of: entry) == Data(#"{"token":"••••••"}"#.utf8))
        let bigRead = String(decoding: try #require(try store.body(of: big)), as: UTF8.self)
        #expect(bigRead == bigBody.replacingOccurrences(of: token, with: "••••••"))
        // Nothing on disk holds the secret: the database and the body files alike.
        let files = try #require(FileManager.default.enumerator(atPath: folder.url.path)).compactMap { $0 as? String }
        for file in files {
            let bytes = FileManager.default.contents(atPath: folder.url.appendingPathComponent(file).path) ?? Data()
            #expect(bytes.range(of: Data(token.utf8)) == nil, "\(file) holds the secret")
        }
    }

    @Test("the last response of a request: status, headers and body, for exports")
    func lastResponse() throws {
        let store = try HistoryStore(folder: folder)
        #expect(try store.lastResponse(requestID: "Demo/users/list-users") == nil)
        try store.record(record(status: 200, body: "first"), redactor: SecretRedactor())
        try store.record(record(status: 404, body: "second"), redactor: SecretRedactor())
        let last = try #require(try store.lastResponse(requestID: "Demo/users/list-users"))
        #expect(last.status == 404)
        #expect(last.body == Data("second".utf8))
        #expect(last.headers.first?.0 == "Content-Type")
    }

    @Test("a file that is not a database makes History unavailable with a sentence naming it, and stays as it was")
    func corruptDatabase() throws {
        try folder.write(Data(String(repeating: "this is not SQLite\n", count: 300).utf8), to: HistoryStore.fileName)
        let path = folder.url.appendingPathComponent(HistoryStore.fileName).path
        let before = FileManager.default.contents(atPath: path)
        do {
            _ = try HistoryStore(folder: folder)
            Issue.record("a garbage file opened as History")
        } catch {
            #expect(error.description.hasPrefix("history is unavailable: \(path) is not a database ("))
            #expect(error.description.hasSuffix("; courier runs without history"))
        }
        #expect(FileManager.default.contents(atPath: path) == before)
    }

    @Test("a database another program holds locked makes History unavailable, and usable again once it lets go")
    func lockedDatabase() throws {
        let store = try HistoryStore(folder: folder)
        try store.record(record(), redactor: SecretRedactor())
        let locker = try SQLiteLock(path: store.path)
        #expect {
            try store.record(record(), redactor: SecretRedactor())
        } throws: { error in
            (error as? HistoryUnavailable)?.description.contains("is locked by another program") == true
        }
        locker.release()
        #expect(try store.entries(requestID: "Demo/users/list-users").count == 1)
        try store.record(record(), redactor: SecretRedactor())
        #expect(try store.entries(requestID: "Demo/users/list-users").count == 2)
    }
}
