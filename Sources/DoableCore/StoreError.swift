/// What a store (DoableStore's engines) reports when a read or write fails for a reason of its own. In the core so
/// that the layers above can answer each case without reaching into the store.
public enum StoreError: Error, Equatable {
    /// A row changed (or appeared, or went) since it was read: the operation starts again from fresh reads.
    case versionConflict(entity: String, id: String)
    /// A unique key is taken; `key` is `email`, `username` or `name`, or `mutation` for a device's mutation that was
    /// handled already (SYNC-1).
    case duplicate(key: String)
    /// A row refers to one that is gone (deleted since it was read): also retried from fresh reads.
    case referenceMissing(String)
    /// The database refused a row for a reason no request can cause (NOT NULL, CHECK, …): a bug, never retried.
    case integrity(String)
    /// A query ran past the store's time limit and was stopped (issue 10, finding 19). Nothing was changed; the
    /// request may be tried again (the HTTP layer answers 503 with Retry-After).
    case timedOut
    /// The database's storage is full (SQLite's SQLITE_FULL, PostgreSQL's 53100 disk_full): the write changed
    /// nothing, reads go on, and writing works again once space is freed (issue 34; the HTTP layer answers 507).
    case storageFull
    /// The database cannot be reached (PostgreSQL stopped, its connection lost): nothing acknowledged is lost; the
    /// request may be tried again once it is back (issue 34; the HTTP layer answers 503 database_unavailable).
    case unavailable
}
