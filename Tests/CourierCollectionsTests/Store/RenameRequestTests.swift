import CourierCollections
import Foundation
import Testing

@Suite("Renaming a request to the name the user typed")
struct RenameRequestTests {
    @Test("A valid file name is kept as typed; others are made safe", arguments: StoreKind.allCases)
    func typedStem(kind: StoreKind) throws {
        let fixture = try StoreFixture(kind, ["Demo/users/get.yaml": "path: a\n", "Demo/users/other.yaml": "path: b\n"])
        #expect(try fixture.store.renameRequest("Demo/users/get", to: "GetUser") == "Demo/users/GetUser")
        #expect(try fixture.store.renameRequest("Demo/users/GetUser", to: "get_user.v2") == "Demo/users/get_user.v2")
        #expect(try fixture.store.renameRequest("Demo/users/get_user.v2", to: "Get a user!") == "Demo/users/get-a-user")
        #expect(fixture.text("Demo/users/get-a-user.yaml") == "path: a\n")
    }

    @Test("A name that is taken is refused with a sentence; nothing moves", arguments: StoreKind.allCases)
    func takenName(kind: StoreKind) throws {
        let fixture = try StoreFixture(kind, ["Demo/users/get.yaml": "path: a\n", "Demo/users/list-users.yaml": "path: b\n"])
        #expect(throws: StoreError.exists(id: "Demo/users/list-users")) {
            try fixture.store.renameRequest("Demo/users/get", to: "list-users")
        }
        #expect("\(StoreError.exists(id: "Demo/users/list-users"))" == "Demo/users/list-users already exists; choose another name")
        #expect(fixture.text("Demo/users/get.yaml") == "path: a\n" && fixture.text("Demo/users/list-users.yaml") == "path: b\n")
        #expect(fixture.text("Demo/users/list-users-2.yaml") == nil)
    }
}
