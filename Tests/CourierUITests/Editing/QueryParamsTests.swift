import CourierCollections
import CourierUI
import Testing

@Suite("URL and Params in step")
struct QueryParamsTests {
    private func opened(_ change: (inout RequestDefinition) -> Void = { _ in }) -> Harness {
        var definitions = sampleDefinitions
        change(&definitions["Demo/users/list-users", default: RequestDefinition()])
        var harness = Harness(width: 120, height: 40)
        harness.state = ExplorerState(width: 120, height: 40, tree: sampleTree, definitions: definitions)
        harness.press(.character("p"))
        harness.type("list-users")
        harness.press(.enter, .tab)
        return harness
    }

    @Test("A query typed in the URL moves into Params, decoded, {{variables}} kept")
    func urlToParams() throws {
        var harness = opened()
        harness.press(.enter)
        harness.type("?page=2&q=hello%20world&token={{token}}")
        harness.press(.enter)
        let draft = try #require(harness.state.editor?.draft)
        #expect(draft.path == "list-users")
        #expect(draft.query == [Field(name: "page", value: "2"), Field(name: "q", value: "hello world"), Field(name: "token", value: "{{token}}")])
        #expect(harness.screen.text.contains("Params 3"))
        #expect(harness.screen.text.contains("list-users?page=2&q=hello%20world&token={{token}}"), "the URL line shows the query encoded")
    }

    @Test("Editing Params rewrites the URL line; a switched-off parameter leaves it")
    func paramsToURL() throws {
        var harness = opened { $0.query = [Field(name: "page", value: "1")] }
        #expect(harness.screen.text.contains("list-users?page=1"))
        harness.press(.down, .enter, .ctrl("u"))
        harness.type("a b")
        harness.press(.enter)
        #expect(harness.screen.text.contains("list-users?page=a%20b"))
        harness.press(.character(" "))
        #expect(!harness.screen.text.contains("list-users?page"))
        #expect(harness.state.editor?.draft.query.first?.enabled == false)
        harness.press(.up, .enter)
        harness.type("?sort=name")
        harness.press(.enter)
        #expect(harness.state.editor?.draft.query == [Field(name: "sort", value: "name"), Field(name: "page", value: "a b", enabled: false)],
                "a switched-off parameter is not on the URL line, so editing the line keeps it")
    }

    @Test("A file with the query written in url: keeps it there when the URL is edited, and Params still lists it")
    func queryStaysInURL() throws {
        var harness = opened {
            $0.path = nil
            $0.url = "https://api.example.com/users?page=1"
        }
        harness.press(.character("]"), .character("["))
        #expect(harness.screen.text.contains("Params 1"))
        harness.press(.up, .enter)
        harness.type("&size=10")
        harness.press(.enter)
        let draft = try #require(harness.state.editor?.draft)
        #expect(draft.url == "https://api.example.com/users?page=1&size=10")
        #expect(draft.query.isEmpty)
        #expect(harness.screen.text.contains("Params 2"))
    }

    @Test("Editing Params of a URL with its query moves the query into query:")
    func paramsEditMovesQuery() throws {
        var harness = opened {
            $0.path = nil
            $0.url = "https://api.example.com/users?page=1"
        }
        harness.press(.down, .enter, .ctrl("u"))
        harness.type("2")
        harness.press(.enter)
        let draft = try #require(harness.state.editor?.draft)
        #expect(draft.url == "https://api.example.com/users")
        #expect(draft.query == [Field(name: "page", value: "2")])
    }

    @Test("Opening and leaving the URL line unchanged changes nothing")
    func untouched() {
        var harness = opened { $0.query = [Field(name: "a", value: "1"), Field(name: "b", value: "2", enabled: false), Field(name: "c", value: "3")] }
        harness.press(.enter, .enter)
        #expect(harness.state.editor?.isDirty == false)
    }
}
