import DoableAPI
import DoableCore
import GRDB

extension Replica {
    /// One local change: `build` checks it against the state as shown and says what to queue; the mutation is
    /// appended to the outbox (with the hybrid clock's next reading) in the same write transaction. Returns the
    /// state with the change applied, as reads will now show it: the shown view with just this mutation applied,
    /// kept for the reads that follow.
    func queue(_ build: (ReplicaState) throws -> (name: String, args: [String: JSONValue])) throws -> ReplicaState {
        let moment = now()
        let view = try database.write { db in
            var view = try cache.takeView(db)
            let mutation: Mutation, key: ViewKey?
            do {
                let (name, args) = try build(view.state)
                mutation = try Outbox.append(db, name: name, args: args, now: moment)
                key = try ViewKey.current(db)
            } catch {
                cache.keep(view)
                throw error
            }
            ReplicaView.apply(mutation, to: &view, key: key)
            return view
        }
        cache.keep(view)
        return view.state
    }

    /// The entity as the change left it; a change the replay could not apply is a bug, reported as such.
    static func shown<T>(_ value: T?, _ what: String) throws -> T {
        guard let value else {
            throw ClientError.invalidResponse("the \(what) was queued but could not be shown; sync to see it")
        }
        return value
    }
}

/// The checks a local change makes before it is queued, each the server's own where it can be made here.
extension ReplicaState {
    func existingTask(_ id: TaskID, field: String = "id") throws -> TaskRecord {
        guard let task = tasks[id] else { throw ClientError.notFound("No task \(id) on this device.") }
        return task
    }

    /// A task the account may change: present, not in the trash, in a list it may edit tasks of.
    func editableTask(_ id: TaskID, field: String = "id") throws -> TaskRecord {
        let task = try existingTask(id, field: field)
        guard task.deletedAt == nil else {
            throw ClientError.invalid(field: field, message: "The task “\(task.title)” is in the trash; restore it first.")
        }
        if let list = lists[task.listId] { try require(list, atLeast: .editor, field: field) }
        return task
    }

    func existingList(_ id: ListID, field: String = "id") throws -> ListRecord {
        guard let list = lists[id] else { throw ClientError.notFound("No list \(id) on this device.") }
        return list
    }

    /// A list the account may put tasks in: present, not in the trash, and not only shared with it to view.
    func editableList(_ id: ListID, field: String = "listId", role: ListRole = .editor) throws -> ListRecord {
        let list = try existingList(id, field: field)
        guard list.deletedAt == nil else {
            throw ClientError.invalid(field: field, message: "The list “\(list.name)” is in the trash; restore it first.")
        }
        try require(list, atLeast: role, field: field)
        return list
    }

    func require(_ list: ListRecord, atLeast needed: ListRole, field: String) throws {
        guard list.role < needed else { return }
        let what =
            switch needed {
            case .owner: "Only the owner of “\(list.name)” can do this."
            case .admin: "Only the owner or an admin of “\(list.name)” can change it."
            default: "You can only view “\(list.name)”; ask its owner for edit access."
            }
        throw ClientError.invalid(field: field, message: what)
    }

    /// Every id in `ids` names one of the account's labels.
    func requireLabels(_ ids: [LabelID]) throws {
        for id in ids where labels[id] == nil {
            throw ClientError.notFound("No label \(id) on this device.")
        }
    }
}
