public import DoableStore

/// Opens once the database is ready (its schema brought up to date before the server serves); background
/// services wait for it, so that on a first start or an upgrade they do not run against missing tables.
public typealias ReadinessGate = Gate
