import CourierCollections
import Foundation
import Testing

@Suite("Errors of the collection.yaml files a request inherits from")
struct InheritedProblemsTests {
    @Test("A `heders:` typo in a collection.yaml above stops the request; its own problems stay its own", arguments: StoreKind.allCases)
    func settingsErrorsBlock(kind: StoreKind) throws {
        let fixture = try StoreFixture(kind, [
            "API/collection.yaml": "baseUrl: http://127.0.0.1:1\nheders:\n  - {name: X-Team, value: a}\n",
            "API/users/collection.yaml": "timeout: [1\n",
            "API/users/list.yaml": "path: users\n",
            "API/ping.yaml": "path: ping\n",
            "Other/collection.yaml": "baseUrl: http://127.0.0.1:1\n",
            "Other/ping.yaml": "path: ping\n",
        ])
        let tree = fixture.store.load()
        let list = try #require(tree.request(id: "API/users/list"))
        #expect(list.problems.isEmpty, "the file itself is fine")
        let files = list.inheritedProblems.map(\.file)
        #expect(files.count == 2 && files[0].hasSuffix("API/collection.yaml") && files[1].hasSuffix("API/users/collection.yaml"), "\(files)")
        #expect(list.hasErrors && list.blockingErrors == list.inheritedProblems)
        let ping = try #require(tree.request(id: "API/ping"))
        #expect(ping.inheritedProblems.count == 1, "only its own chain: \(ping.inheritedProblems)")
        #expect(try #require(tree.request(id: "Other/ping")).inheritedProblems.isEmpty)

        let resolver = RequestResolver(context: RequestResolver.context(for: list, environment: .empty, overrides: [:],
                                                                        processEnvironment: [:], demoURL: nil))
        #expect {
            try resolver.resolution(of: list)
        } throws: { error in
            "\(error)".contains("API/collection.yaml:2:1: error: unknown key 'heders' in collection.yaml; did you mean 'headers'?")
                && "\(error)".contains("API/users/collection.yaml:")
        }
    }
}
