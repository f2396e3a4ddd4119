import GRDB

/// The tables of `history.sqlite`, one migration per change, so an older file is brought up to date.
enum HistorySchema {
    static let migrator: DatabaseMigrator = {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("responses") { db in
            try db.create(table: "response") { table in
                table.autoIncrementedPrimaryKey("id")
                table.column("request_id", .text).notNull()
                table.column("received_at", .double).notNull()
                table.column("status", .integer)
                table.column("reason", .text).notNull()
                table.column("failure", .text)
                table.column("duration", .double).notNull()
                table.column("headers", .text).notNull()
                table.column("method", .text).notNull()
                table.column("url", .text).notNull()
                table.column("definition", .text)
                table.column("debug", .text).notNull()
                table.column("content_type", .text)
                table.column("body_size", .integer).notNull()
                // One of: the masked body, the name of its file, the limit it was past, or why it could not be written.
                table.column("body", .blob)
                table.column("body_file", .text)
                table.column("body_limit", .integer)
                table.column("body_problem", .text)
            }
            try db.create(index: "response_by_request", on: "response", columns: ["request_id", "id"])
        }
        return migrator
    }()

    /// Every column but the body itself: what listing entries reads.
    static let entryColumns = """
        id, request_id, received_at, status, reason, failure, duration, headers, method, url, definition, debug,
        content_type, body_size, body_file, body_limit, body_problem
        """
}
