import CourierUI
import Foundation

/// A small tree like the shipped Demo collection.
let sampleTree: [TreeNode] = [
    TreeNode(id: "Demo", title: "Demo", children: [
        TreeNode(id: "Demo/users", title: "users", children: [
            TreeNode(id: "Demo/users/list-users", title: "list-users", method: "GET"),
            TreeNode(id: "Demo/users/create-user", title: "create-user", method: "POST"),
            TreeNode(id: "Demo/users/delete-user", title: "delete-user", method: "DELETE"),
        ]),
        TreeNode(id: "Demo/echo", title: "echo 日本語", method: "PUT"),
    ]),
    TreeNode(id: "Public", title: "Public APIs", children: [
        TreeNode(id: "Public/get", title: "get", method: "GET"),
    ]),
]

/// Types keys into `update`, collecting every effect: the explorer without a terminal.
struct Harness {
    var state: ExplorerState
    var effects: [Effect] = []

    init(width: Int = 80, height: Int = 24) {
        state = ExplorerState(width: width, height: height, tree: sampleTree)
    }

    mutating func press(_ keys: Key...) {
        for key in keys { effects += state.update(.event(.key(key))) }
    }

    mutating func send(_ event: TerminalEvent) {
        effects += state.update(.event(event))
    }

    var screen: Screen { state.render() }
    func line(_ row: Int) -> String { screen.line(row) }
}
