import GRDBSQLite

/// Another program's connection holding a database under an exclusive lock until released: what
/// History meets when a second courier (or `sqlite3`) is in the middle of a long transaction.
final class SQLiteLock {
    private var connection: OpaquePointer?

    struct Failure: Error { let code: Int32 }

    init(path: String) throws {
        var connection: OpaquePointer?
        guard sqlite3_open(path, &connection) == SQLITE_OK else { throw Failure(code: sqlite3_errcode(connection)) }
        self.connection = connection
        let code = sqlite3_exec(connection, "BEGIN EXCLUSIVE; INSERT INTO response (request_id, received_at, reason, duration, headers, method, url, debug, body_size) VALUES ('x', 0, '', 0, '[]', 'GET', '', '', 0);", nil, nil, nil)
        guard code == SQLITE_OK else { throw Failure(code: code) }
    }

    /// Rolls the transaction back and closes the connection.
    func release() {
        sqlite3_exec(connection, "ROLLBACK", nil, nil, nil)
        sqlite3_close(connection)
        connection = nil
    }

    deinit { if connection != nil { release() } }
}
