public import DoableCore

/// TASK-2: the fields of a task to change. `nil` leaves a field as it is; for a field that can be empty,
/// `.some(nil)` clears it. Only the fields set here are sent, so concurrent edits of other fields on other devices
/// are kept (SYNC-2).
///
/// The list, parent and rank change through `Replica.moveTask(_:toList:parent:after:)`.
public typealias TaskFields = TaskEdit
