import CourierCollections
import Testing

/// Keep mine after someone else changed the file: my edits on top of theirs, neither reverted.
@Suite("Rebasing a draft onto a changed file")
struct RebaseTests {
    static func request(headers: [(String, String)], method: String = "GET") -> RequestDefinition {
        var definition = RequestDefinition()
        definition.method = method
        definition.path = "users"
        definition.headers = headers.map { Field(name: $0.0, value: $0.1) }
        return definition
    }

    @Test("Each side's change to a different header survives, and so does an entry I removed staying removed")
    func headersMergeByEntry() {
        let base = Self.request(headers: [("A", "1"), ("B", "1"), ("D", "1")])
        let mine = Self.request(headers: [("A", "1"), ("B", "1"), ("C", "mine")])          // added C, removed D
        let theirs = Self.request(headers: [("A", "theirs"), ("B", "1"), ("D", "1")])      // changed A
        let result = RequestDefinition.rebasing(mine, from: base, onto: theirs)
        #expect(result.headers == [Field(name: "A", value: "theirs"), Field(name: "B", value: "1"), Field(name: "C", value: "mine")])
    }

    @Test("The same header changed on both sides takes mine; other fields take theirs unless I changed them")
    func sameEntryTakesMine() {
        let base = Self.request(headers: [("A", "1")])
        let mine = Self.request(headers: [("A", "mine")], method: "PUT")
        var theirs = Self.request(headers: [("A", "theirs")])
        theirs.timeout = 5
        let result = RequestDefinition.rebasing(mine, from: base, onto: theirs)
        #expect(result.headers == [Field(name: "A", value: "mine")])
        #expect(result.method == "PUT" && result.timeout == 5)
    }

    @Test("Repeated names are told apart by their order")
    func repeatedNames() {
        let base = Self.request(headers: [("Accept", "a"), ("Accept", "b")])
        let mine = Self.request(headers: [("Accept", "a"), ("Accept", "B")])
        let theirs = Self.request(headers: [("Accept", "A"), ("Accept", "b")])
        let result = RequestDefinition.rebasing(mine, from: base, onto: theirs)
        #expect(result.headers == [Field(name: "Accept", value: "A"), Field(name: "Accept", value: "B")])
    }
}
