import Synchronization

/// A user resource of the demo API.
struct DemoUser: Codable, Sendable {
    var id: Int
    var name: String
    var email: String
    var role: String
    var createdAt: String

    enum CodingKeys: String, CodingKey {
        case id, name, email, role
        case createdAt = "created_at"
    }
}

/// The in-memory user table, seeded with the same twelve people every start.
final class UserStore: Sendable {
    private struct State {
        var users: [DemoUser]
        var nextId: Int
    }

    private let state: Mutex<State>

    init() {
        let names = ["Ada Lovelace", "Alan Turing", "Grace Hopper", "Edsger Dijkstra", "Barbara Liskov",
                     "Donald Knuth", "Margaret Hamilton", "Ken Thompson", "Frances Allen", "John McCarthy",
                     "Radia Perlman", "Leslie Lamport"]
        let users = names.enumerated().map { index, name in
            DemoUser(
                id: index + 1,
                name: name,
                email: name.split(separator: " ")[0].lowercased() + "@example.com",
                role: index % 4 == 0 ? "admin" : "member",
                createdAt: "2024-0\(index % 9 + 1)-1\(index % 10)T09:30:00Z"
            )
        }
        state = Mutex(State(users: users, nextId: users.count + 1))
    }

    func all() -> [DemoUser] { state.withLock { $0.users } }

    func find(_ id: Int) -> DemoUser? { state.withLock { $0.users.first { $0.id == id } } }

    func create(name: String, email: String, role: String) -> DemoUser {
        state.withLock { state in
            let user = DemoUser(id: state.nextId, name: name, email: email, role: role, createdAt: "2025-01-01T00:00:00Z")
            state.nextId += 1
            state.users.append(user)
            return user
        }
    }

    /// Applies `change` to the user with `id`; returns the updated user or nil when there is none.
    func update(_ id: Int, _ change: (inout DemoUser) -> Void) -> DemoUser? {
        state.withLock { state in
            guard let index = state.users.firstIndex(where: { $0.id == id }) else { return nil }
            change(&state.users[index])
            return state.users[index]
        }
    }

    func delete(_ id: Int) -> Bool {
        state.withLock { state in
            guard let index = state.users.firstIndex(where: { $0.id == id }) else { return false }
            state.users.remove(at: index)
            return true
        }
    }
}
